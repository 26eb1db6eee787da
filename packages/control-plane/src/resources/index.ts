import type { ApiOf } from '../kernel/registry/api.ts'
import { aiResource } from './ai/index.ts'
import { apiKeysResource } from './api-keys/index.ts'
import { approvalsResource } from './approvals/index.ts'
import { auditResource } from './audit/index.ts'
import { connectedAppsResource } from './connected-apps/index.ts'
import { contentSourcesResource } from './content-sources/index.ts'
import { crmResource } from './crm/index.ts'
import { integrationsResource } from './integrations/index.ts'
import { jobsResource } from './jobs/index.ts'
import { leadsResource } from './leads/index.ts'
import { modulesResource } from './modules/index.ts'
import { pipelinesResource } from './pipelines/index.ts'
import { rolesResource } from './roles/index.ts'
import { sessionsResource } from './sessions/index.ts'
import { statusResource } from './status/index.ts'
import { usersResource } from './users/index.ts'
import { variablesResource } from './variables/index.ts'
import { webhooksResource } from './webhooks/index.ts'

/** Every resource the control plane ships with, in the order of their Admin UI pages. Adding one is one line here. */
export const builtinResources = [
  statusResource,
  apiKeysResource,
  connectedAppsResource,
  approvalsResource,
  sessionsResource,
  crmResource,
  usersResource,
  rolesResource,
  leadsResource,
  contentSourcesResource,
  pipelinesResource,
  jobsResource,
  webhooksResource,
  modulesResource,
  integrationsResource,
  aiResource,
  variablesResource,
  auditResource,
]

/** What the built-in resources' operations take and answer, by resource and action; the Admin UI's client is typed from it. */
export type BuiltinApi = ApiOf<typeof builtinResources[number]>
