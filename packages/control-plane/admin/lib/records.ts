import type { CallResult, Previewed } from './svc-client.ts'

/**
 * What the pages read from operation results, named for the pages; every one is inferred from
 * its operation's `returns` (svc-client's `CallResult`), so changing an operation's returns
 * changes these, and a page that reads what is no longer there does not compile.
 */
export type Paged<Item> = { items: Item[], total: number, page: number, per_page: number }

type ApiKeyList = CallResult<'api_keys', 'list'>
export type ApiKey = ApiKeyList['keys'][number]
export type MintedApiKey = CallResult<'api_keys', 'mint'>

type ApprovalList = CallResult<'approvals', 'list'>
export type Approval = ApprovalList['approvals'][number]

export type AuditEntry = CallResult<'audit', 'get'>
export type RevertOutcome = CallResult<'audit', 'revert'>
export type RevertPreview = Previewed<RevertOutcome>

type CrmList = CallResult<'crm', 'list'>
export type CrmConnection = CrmList['crms'][number]

type TeamList = CallResult<'users', 'list'>
export type TeamMember = TeamList['users'][number]

type RoleList = CallResult<'roles', 'list'>
export type Role = RoleList['roles'][number]

export type LeadRow = CallResult<'leads', 'list'>['items'][number]
export type LeadDetail = CallResult<'leads', 'get'>
export type LeadChain = CallResult<'leads', 'verify'>['chain']
export type LeadEvent = LeadDetail['events'][number]

type ContentSourceList = CallResult<'content_sources', 'list'>
export type ContentSource = ContentSourceList['sources'][number]
export type ApprovedMapping = CallResult<'content_sources', 'approve_mapping'>

type RecipeList = CallResult<'pipelines', 'list_recipes'>
export type Recipe = RecipeList['recipes'][number]
type StageTypeList = CallResult<'pipelines', 'list_stages'>
export type StageType = StageTypeList['stages'][number]
type RunDetail = CallResult<'pipelines', 'get_run'>
export type RunRow = CallResult<'pipelines', 'list_runs'>['items'][number]
export type StageReport = RunDetail['stages'][number]
export type RunOutcome = CallResult<'pipelines', 'run'>
type PostChoiceList = CallResult<'pipelines', 'list_posts'>
export type PostChoice = PostChoiceList['posts'][number]

export type Job = CallResult<'jobs', 'get'>

type IntegrationList = CallResult<'integrations', 'list'>
export type Integration = IntegrationList['integrations'][number]
export type AiSettings = CallResult<'ai', 'get'>
export type AiTestResult = CallResult<'ai', 'test'>
export type Variable = CallResult<'variables', 'get'>
type ModuleList = CallResult<'modules', 'list'>
export type ModuleState = ModuleList['modules'][number]

export type StatusReport = CallResult<'status', 'get'>
