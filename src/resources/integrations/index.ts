import { clearIntegrationSecret } from './clear-secret.ts'
import { getIntegration } from './get.ts'
import { listIntegrations } from './list.ts'
import { setIntegrationSecret } from './set-secret.ts'
import { updateIntegration } from './update.ts'

export const integrationOperations = [clearIntegrationSecret, getIntegration, listIntegrations, setIntegrationSecret, updateIntegration]
