import type { Operation } from '../registry/define-operation.ts'
import type { OutboxTopic } from '../outbox/topic.ts'
import { aiOperations } from './ai/index.ts'
import { apiKeyOperations } from './api-keys/index.ts'
import { auditOperations } from './audit/index.ts'
import { crmOperations } from './crm/index.ts'
import { moduleOperations } from './modules/index.ts'
import { statusOperations } from './status/index.ts'
import { leadOperations, leadOutboxTopics } from './leads/index.ts'
import { roleOperations } from './roles/index.ts'
import { userOperations } from './users/index.ts'
import { contentSourceOperations } from './content-sources/index.ts'
import { forwardTopic } from './content-sources/forward/topic.ts'
import { integrationOperations } from './integrations/index.ts'
import { variableOperations } from './variables/index.ts'
import { pipelineOperations } from './pipelines/index.ts'

/** Every operation the control plane ships with. */
export const builtinOperations: readonly Operation[] = [
  ...aiOperations,
  ...apiKeyOperations,
  ...auditOperations,
  ...contentSourceOperations,
  ...crmOperations,
  ...moduleOperations,
  ...statusOperations,
  ...leadOperations,
  ...pipelineOperations,
  ...roleOperations,
  ...userOperations,
  ...integrationOperations,
  ...variableOperations,
]

/** Every kind of outbox message the built-in resources send. */
export const builtinOutboxTopics: readonly OutboxTopic[] = [
  ...leadOutboxTopics,
  forwardTopic,
]
