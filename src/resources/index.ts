import type { Operation } from '../registry/define-operation.ts'
import type { OutboxTopic } from '../outbox/topic.ts'
import { aiOperations } from './ai/index.ts'
import { apiKeyOperations } from './api-keys/index.ts'
import { auditOperations } from './audit/index.ts'
import { crmOperations } from './crm/index.ts'
import { integrationOperations } from './integrations/index.ts'
import { variableOperations } from './variables/index.ts'

/** Every operation the control plane ships with. */
export const builtinOperations: readonly Operation[] = [
  ...aiOperations,
  ...apiKeyOperations,
  ...auditOperations,
  ...crmOperations,
  ...integrationOperations,
  ...variableOperations,
]

/** Every kind of outbox message the built-in resources send. */
export const builtinOutboxTopics: readonly OutboxTopic[] = []
