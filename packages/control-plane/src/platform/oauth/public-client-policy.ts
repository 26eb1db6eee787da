import { errors, type Configuration } from 'oidc-provider'

/**
 * Client metadata this server refuses, whoever the client is: each would make it fetch a URL
 * the client chose (`jwks_uri`, `sector_identifier_uri`: redirects followed, the upstream status
 * echoed back), or give it a secret to keep. Connectors are public clients proving possession
 * with PKCE, so `token_endpoint_auth_method` is `none`.
 */
const REFUSED = {
  jwks_uri: (value: unknown) => value !== undefined,
  sector_identifier_uri: (value: unknown) => value !== undefined,
  token_endpoint_auth_method: (value: unknown) => value !== undefined && value !== 'none',
} as const

type PolicedProperty = keyof typeof REFUSED

/** oidc-provider's hook over client metadata: it calls the validator for each listed property, registered or fetched. */
export const publicClientPolicy: NonNullable<Configuration['extraClientMetadata']> = {
  properties: Object.keys(REFUSED),
  validator: (_ctx, key, value) => {
    if (REFUSED[key as PolicedProperty](value)) {
      throw new errors.InvalidClientMetadata(`${key} is not accepted: this server takes public clients only (token_endpoint_auth_method "none", no jwks_uri, no sector_identifier_uri)`)
    }
  },
}
