import type { Db, Tx } from '../../db/client.ts'
import { mintKey } from '../../auth/api-key-format.ts'
import { API_KEY_ROW_FIELDS, toApiKeyRecord } from './shape.ts'

export const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Creates a key for an account (its id as the accounts table holds it); `now` starts its lifetime.
 * The plaintext exists only in the return value.
 */
export async function issueApiKey (db: Db | Tx, input: { accountId: string, label: string, expiresInDays?: number | undefined, parentPublicId?: string | null }, now: Date) {
  const minted = mintKey()
  const row = await db.svcApiKey.create({
    data: {
      publicId: minted.publicId,
      secretDigest: minted.secretDigest,
      label: input.label,
      owner: { connect: { id: input.accountId } },
      ...(input.parentPublicId ? { parent: { connect: { publicId: input.parentPublicId } } } : {}),
      expiresAt: input.expiresInDays ? new Date(now.getTime() + input.expiresInDays * DAY_MS) : null,
    },
    select: API_KEY_ROW_FIELDS,
  })
  return { ...toApiKeyRecord(row, now), key: minted.plaintext }
}
