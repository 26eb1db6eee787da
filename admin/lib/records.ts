import type { z } from 'zod'
import type { apiKeyRecord } from '../../src/resources/api-keys/shape.ts'
import type { auditEntry } from '../../src/resources/audit/operations/list.ts'
import type { crmRecord } from '../../src/resources/crm/shape.ts'

/**
 * What the pages read from operation results. Resources built here take their types from their
 * schemas; the others follow the contract's field names (management-control-plane.md), and every
 * field the contract leaves open is optional, so a page shows what it gets.
 */
export type Paged<Item> = { items: Item[], total: number, page: number, per_page: number }

export type ApiKey = z.output<typeof apiKeyRecord>
export type MintedApiKey = ApiKey & { key: string }
export type ApiKeyList = { keys: ApiKey[] }

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
  mapping: Record<string, unknown> | null
  mapping_status: string
  sample: unknown
  ingest_path?: string
  updated_at?: string | null
}
export type ContentSourceList = { sources: ContentSource[] }

export type ApprovedMapping = { id: string, status: string, mapping_status: string, mapping: Record<string, unknown> | null }
