import { defineResource } from '../../define-resource.ts'
import { integrationList } from './model.ts'
import { clearIntegrationSecret } from './clear-secret.ts'
import { getIntegration } from './get.ts'
import { listIntegrations } from './list.ts'
import { setIntegrationSecret } from './set-secret.ts'
import { updateIntegration } from './update.ts'

/** Settings of the third-party services in the integration catalogue. */
export const integrationsResource = defineResource({
  name: 'integrations',
  lists: readOnly => ({ SvcIntegration: integrationList(readOnly()) }),
  operations: [clearIntegrationSecret, getIntegration, listIntegrations, setIntegrationSecret, updateIntegration],
})
