import { listApiKeys } from './list.ts'
import { mintApiKey } from './mint.ts'
import { revokeApiKey } from './revoke.ts'

export const apiKeyOperations = [listApiKeys, mintApiKey, revokeApiKey]
