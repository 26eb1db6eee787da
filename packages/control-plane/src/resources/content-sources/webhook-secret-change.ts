import type { SecretBox } from '../../platform/secrets/secret-box.ts'
import { invalidParams } from '../../platform/errors/errors.ts'
import type { SourceRow } from './columns.ts'
import { WEBHOOK_SECRET } from './sealed-columns.ts'
import { bindTo } from '../../platform/secrets/sealed-column.ts'

type SecretColumns = { secretCiphertext?: string | null, secretSource?: string }

/**
 * How an update changes the stored webhook secret: a supplied one replaces it ('provided'),
 * switching to auth_mode none drops it, and switching to bearer or hmac needs a secret to exist.
 * A source that stays on none keeps a secret rotate_secret gave it, ready for that switch.
 */
export function webhookSecretChange (current: SourceRow, nextAuthMode: string, supplied: string | undefined, secrets: SecretBox): SecretColumns {
  if (supplied !== undefined) return { secretCiphertext: secrets.seal(supplied, bindTo(WEBHOOK_SECRET, current.slug)), secretSource: 'provided' }
  if (nextAuthMode === 'none') return current.authMode === 'none' ? {} : { secretCiphertext: null, secretSource: 'none' }
  if (current.secretCiphertext === null) {
    throw invalidParams(`auth_mode ${nextAuthMode} needs a webhook secret: send secret, or call rotate_secret first`, {
      issues: [{ path: 'secret', code: 'required', message: `required for auth_mode ${nextAuthMode}` }],
    })
  }
  return {}
}
