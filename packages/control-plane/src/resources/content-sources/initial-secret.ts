import type { SecretBox } from '../../platform/secrets/secret-box.ts'
import type { SecretSource } from './values.ts'
import { generateWebhookSecret } from './webhook-signature.ts'
import { WEBHOOK_SECRET } from './sealed-columns.ts'
import { bindTo } from '../../platform/secrets/sealed-column.ts'

export type InitialSecret = {
  /** Shown once, and only when generated. */
  plaintext: string
  source: SecretSource
  sealed: string | null
}

/** The webhook secret of a new source (sealed for its slug): the one supplied, none for auth_mode none, else a generated one. */
export function initialSecret (authMode: string, provided: string | undefined, secrets: SecretBox, slug: string): InitialSecret {
  if (provided !== undefined) return { plaintext: '', source: 'provided', sealed: secrets.seal(provided, bindTo(WEBHOOK_SECRET, slug)) }
  if (authMode === 'none') return { plaintext: '', source: 'none', sealed: null }
  const generated = generateWebhookSecret()
  return { plaintext: generated, source: 'generated', sealed: secrets.seal(generated, bindTo(WEBHOOK_SECRET, slug)) }
}
