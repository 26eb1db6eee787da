import type { ResolvedOptions } from '../../platform/settings/resolved-options.ts'
import { SecretBox, parseEncryptionKeys } from '../../platform/secrets/secret-box.ts'
import { rotateSealedSecrets } from '../../platform/secrets/rotate.ts'
import { CliError } from './errors.ts'

/**
 * `rotate-encryption-key`: re-seals every stored secret with the first key of
 * `SVC_ENCRYPTION_KEYS`, the others opening what they sealed. Run it after putting the new key
 * first; once it reports, the old keys can be dropped from the list.
 */
export async function rotateEncryptionKey (db: object, options: ResolvedOptions, batchSize: number, out: (line: string) => void): Promise<void> {
  if (!options.encryptionKey?.trim()) {
    throw new CliError('SVC_ENCRYPTION_KEYS is not set: give the new key first and the old ones after it, e.g. SVC_ENCRYPTION_KEYS=<new>,<old>')
  }
  let secrets: SecretBox
  try {
    secrets = new SecretBox(parseEncryptionKeys(options.encryptionKey))
  } catch (error) {
    throw new CliError(`SVC_ENCRYPTION_KEYS: ${(error as Error).message}`)
  }
  const report = await rotateSealedSecrets(db, secrets, options.sealedColumns, {
    batchSize,
    onBatch: (column, batch) => { if (batch.checked > 0) out(`${column.model}.${column.column}: ${batch.resealed} of ${batch.checked} re-sealed${batch.unreadable ? `, ${batch.unreadable} unreadable` : ''}`) },
  })
  out(`re-sealed ${report.resealed} of ${report.checked} stored secrets with key ${secrets.primaryKeyId}`)
  if (report.unreadable > 0) {
    throw new CliError(`${report.unreadable} stored secrets open with none of the listed keys and were left as they are: keep their key in SVC_ENCRYPTION_KEYS, or set those secrets again`)
  }
}
