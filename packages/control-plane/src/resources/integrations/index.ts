import { defineResource } from '../../kernel/define-resource.ts'
import { integrationModel } from './model.ts'
import { clearIntegrationSecret } from './operations/clear-secret.ts'
import { getIntegration } from './operations/get.ts'
import { listIntegrations } from './operations/list.ts'
import { setIntegrationSecret } from './operations/set-secret.ts'
import { updateIntegration } from './operations/update.ts'
import { INTEGRATION_SECRET } from './sealed-columns.ts'

/** Settings of the third-party services in the integration catalogue. */
export const integrationsResource = defineResource({
  name: 'integrations',
  sealedColumns: [INTEGRATION_SECRET],
  models: [integrationModel],
  operations: {
    clear_secret: clearIntegrationSecret,
    get: getIntegration,
    list: listIntegrations,
    set_secret: setIntegrationSecret,
    update: updateIntegration,
  },
})
