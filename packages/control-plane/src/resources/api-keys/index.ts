import { defineResource } from '../../kernel/define-resource.ts'
import { apiKeyModel } from './model.ts'
import { apiKeyMinted, apiKeyRevoked } from './events.ts'
import { listApiKeys } from './operations/list.ts'
import { mintApiKey } from './operations/mint.ts'
import { revokeApiKey } from './operations/revoke.ts'

/** The caller's own API keys. Locked: switching it off would lock integrators out. */
export const apiKeysResource = defineResource({
  name: 'api_keys',
  module: 'locked',
  events: [apiKeyMinted, apiKeyRevoked],
  models: [apiKeyModel],
  operations: { list: listApiKeys, mint: mintApiKey, revoke: revokeApiKey },
  adminPages: [{ path: '/control-plane/api-keys', label: 'API keys', title: 'API keys', requires: ['api_keys.list', 'api_keys.mint', 'api_keys.revoke'] }],
})
