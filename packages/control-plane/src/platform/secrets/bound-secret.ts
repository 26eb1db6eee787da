import type { SecretBox } from './secret-box.ts'
import type { SecretBinding } from './sealed-column.ts'

/**
 * The stored value of a write-only secret after a change that may move the destination it is
 * sent to. A secret supplied with the change is stored; otherwise a moved destination forgets the
 * stored one, so a secret never reaches a place it was not given for. `undefined` leaves the
 * column as it is (Prisma skips undefined fields).
 */
export function boundSecretColumn (
  change: { destinationChanged: boolean, supplied?: string | undefined },
  secrets: SecretBox,
  binding: SecretBinding,
): string | null | undefined {
  if (change.supplied !== undefined) return secrets.seal(change.supplied, binding)
  return change.destinationChanged ? null : undefined
}
