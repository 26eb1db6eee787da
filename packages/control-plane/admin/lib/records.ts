import type { z } from 'zod'
import type { apiKeyRecord } from '../../src/resources/api-keys/shape.ts'
import type { approvalRecord } from '../../src/resources/approvals/shape.ts'
import type { auditEntry } from '../../src/resources/audit/operations/list.ts'
import type { crmRecord } from '../../src/resources/crm/shape.ts'
import type { aiRecord } from '../../src/resources/ai/settings.ts'
import type { integrationRecord } from '../../src/resources/integrations/shape.ts'
import type { moduleRecord } from '../../src/resources/modules/shape.ts'
import type { postChoice } from '../../src/resources/pipelines/operations/list-posts.ts'
import type { stageType } from '../../src/resources/pipelines/operations/list-stages.ts'
import type { recipeRecord } from '../../src/resources/pipelines/recipe-shape.ts'
import type { runOutcome } from '../../src/resources/pipelines/operations/run.ts'
import type { runDetail, runRow, stageReport } from '../../src/resources/pipelines/run-shape.ts'
import type { statusReport } from '../../src/resources/status/operations/get.ts'
import type { variableRecord } from '../../src/resources/variables/shape.ts'

/**
 * What the pages read from operation results. Resources built here take their types from their
 * schemas; the others follow the contract's field names (management-control-plane.md), and every
 * field the contract leaves open is optional, so a page shows what it gets.
 */
export type Paged<Item> = { items: Item[], total: number, page: number, per_page: number }

export type ApiKey = z.output<typeof apiKeyRecord>
export type MintedApiKey = ApiKey & { key: string }
export type ApiKeyList = { keys: ApiKey[] }

export type Approval = z.output<typeof approvalRecord>
export type ApprovalList = { approvals: Approval[] }

export type AuditEntry = z.output<typeof auditEntry>

export type CrmConnection = z.output<typeof crmRecord>
export type CrmList = { crms: CrmConnection[], crm_count?: number }

export type TeamMember = {
  user_num: string
  first_name?: string
  last_name?: string
  full_name?: string
  nickname?: string
  company_name?: string
  email?: string
  phone_number?: string
  roles?: string[]
  account_id?: string | null
}
export type TeamList = { users: TeamMember[] }

export type Role = {
  slug: string
  name: string
  description?: string
  icon?: string
  color?: string
  system: boolean
  constraint_type?: string | null
  max_count?: number | null
  assigned_users: string[]
}
export type RoleList = { roles: Role[] }

export type LeadRow = {
  id: number
  ref: string
  source: string
  campaign: string | null
  status: string
  event_count: number
  first_seen: string
}

export type LeadChain = { ok: boolean, count: number, broken_at: number | null }

export type LeadEvent = { seq?: number, type?: string, at?: string, data?: unknown }

export type LeadDetail = {
  id: number
  ref: string
  status?: string
  source?: string
  campaign?: string | null
  first_seen?: string
  attribution?: unknown
  events: LeadEvent[]
  chain: LeadChain
}

export type ContentSource = {
  id: string
  name: string
  slug: string
  enabled: boolean
  status: string
  auth_mode?: string
  mapping: Record<string, unknown> | null
  mapping_status: string
  sample: unknown
  ingest_path?: string
  updated_at?: string | null
}
export type ContentSourceList = { sources: ContentSource[] }

export type ApprovedMapping = { id: string, status: string, mapping_status: string, mapping: Record<string, unknown> | null }

export type Recipe = z.output<typeof recipeRecord>
export type RecipeList = { recipes: Recipe[] }
export type StageType = z.output<typeof stageType>
export type StageTypeList = { stages: StageType[] }
export type StageReport = z.output<typeof stageReport>
export type RunRow = z.output<typeof runRow>
export type RunDetail = z.output<typeof runDetail>
export type RunOutcome = z.output<typeof runOutcome>
export type PostChoice = z.output<typeof postChoice>
export type PostChoiceList = { posts: PostChoice[] }

export type Integration = z.output<typeof integrationRecord>
export type IntegrationList = { integrations: Integration[] }
export type AiSettings = z.output<typeof aiRecord>
export type AiTestResult = { ok: boolean, latency_ms: number, models?: string[], error?: string }
export type Variable = z.output<typeof variableRecord>
export type ModuleState = z.output<typeof moduleRecord>
export type ModuleList = { modules: ModuleState[] }

export type StatusReport = z.output<typeof statusReport>
