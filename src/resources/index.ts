import type { Operation } from '../registry/define-operation.ts'
import { apiKeyOperations } from './api-keys/index.ts'
import { auditOperations } from './audit/index.ts'
import { crmOperations } from './crm/index.ts'
import { roleOperations } from './roles/index.ts'
import { userOperations } from './users/index.ts'

/** Every operation the control plane ships with. */
export const builtinOperations: readonly Operation[] = [
  ...apiKeyOperations,
  ...auditOperations,
  ...crmOperations,
  ...roleOperations,
  ...userOperations,
]
