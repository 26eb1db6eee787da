import type { Operation } from '../registry/define-operation.ts'
import type { OutboxTopic } from '../outbox/topic.ts'
import { apiKeyOperations } from './api-keys/index.ts'
import { auditOperations } from './audit/index.ts'
import { crmOperations } from './crm/index.ts'
import { contentSourceOperations } from './content-sources/index.ts'
import { forwardTopic } from './content-sources/forward/topic.ts'

/** Every operation the control plane ships with. */
export const builtinOperations: readonly Operation[] = [
  ...apiKeyOperations,
  ...auditOperations,
  ...contentSourceOperations,
  ...crmOperations,
]

/** Every kind of outbox message the built-in resources send. */
export const builtinOutboxTopics: readonly OutboxTopic[] = [forwardTopic]
