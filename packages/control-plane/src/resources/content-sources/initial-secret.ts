import type { SecretBox } from '../../secrets/secret-box.ts'
import type { SecretSource } from './values.ts'
import { generateWebhookSecret } from './webhook-signature.ts'

export type InitialSecret = {
  /** Shown once, and only when generated. */
  plaintext: string
  source: SecretSource
  sealed: string | null
}

/** The webhook secret of a new source: the one supplied, none for auth_mode none, else a generated one. */
export function initialSecret (authMode: string, provided: string | undefined, secrets: SecretBox): InitialSecret {
  if (provided !== undefined) return { plaintext: '', source: 'provided', sealed: secrets.seal(provided) }
  if (authMode === 'none') return { plaintext: '', source: 'none', sealed: null }
  const generated = generateWebhookSecret()
  return { plaintext: generated, source: 'generated', sealed: secrets.seal(generated) }
}
