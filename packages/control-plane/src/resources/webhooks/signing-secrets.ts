import type { SecretBox } from '../../platform/secrets/secret-box.ts'
import { bindTo, sealedColumn } from '../../platform/secrets/sealed-column.ts'

/** A subscription's signing secrets, bound to its public id (which never changes). */
export const SIGNING_SECRET = sealedColumn('svcWebhookSubscription', 'secretCiphertext', 'subscriptionId')
export const PREVIOUS_SIGNING_SECRET = sealedColumn('svcWebhookSubscription', 'previousSecretCiphertext', 'subscriptionId')

/** A day after a rotation the old secret still signs, so receivers can switch without missing a delivery. */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000

type SecretColumns = { subscriptionId: string, secretCiphertext: string, previousSecretCiphertext: string | null, previousSecretExpiresAt: Date | null }

/** The secrets that sign a delivery made at `at`: the current one, and the previous one while it overlaps. */
export function signingSecrets (row: SecretColumns, secrets: SecretBox, at: Date): string[] {
  const current = secrets.open(row.secretCiphertext, bindTo(SIGNING_SECRET, row.subscriptionId))
  const previousValid = row.previousSecretCiphertext && row.previousSecretExpiresAt && row.previousSecretExpiresAt > at
  return previousValid ? [current, secrets.open(row.previousSecretCiphertext!, bindTo(PREVIOUS_SIGNING_SECRET, row.subscriptionId))] : [current]
}
