/**
 * Type-level proof that an operation's declaration reaches the Admin UI's client: `tsc` (the
 * typecheck `npm test` runs) fails if a call's params or result stop being inferred, because each
 * `@ts-expect-error` below then has no error to expect. Never run, only compiled.
 */
import { dispatch, operation, type CallParams, type CallResult } from '../../packages/control-plane/admin/lib/svc-client.ts'
import type { useOperation } from '../../packages/control-plane/admin/lib/use-operation.ts'
import type { CrmConnection, LeadDetail } from '../../packages/control-plane/admin/lib/records.ts'
import type { ApiOf } from '../../packages/control-plane/src/index.ts'
import type { siteNotes } from '../../examples/site-notes/index.ts'

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false
const same = <A, B>(proof: Equal<A, B>) => proof

// Results are the returns schemas' output.
declare const crms: CallResult<'crm', 'list'>
same<CrmConnection, typeof crms.crms[number]>(true)
same<string | null, CrmConnection['url']>(true)
// @ts-expect-error crm.list answers `crms`, not `items`
void crms.items
// @ts-expect-error a connection's name is a string
const slot: number = crms.crms[0]!.name
void slot
// @ts-expect-error the stored key never leaves the server, so no record type has it
void crms.crms[0]!.api_key

// A page's record types are the declarations', not hand-written.
declare const lead: LeadDetail
same<CallResult<'leads', 'get'>, LeadDetail>(true)
// @ts-expect-error leads.get answers no `secret`
void lead.secret

// Params are the params schemas' input: required keys required, unknown keys and wrong types refused.
same<{ crm_num: string }, CallParams<'crm', 'get'>>(true)
operation('crm', 'get', { crm_num: '1' })
// @ts-expect-error crm.get needs its crm_num
operation('crm', 'get')
// @ts-expect-error crm_num is a string
operation('crm', 'get', { crm_num: 1 })
// @ts-expect-error crm.get takes no `id`
operation('crm', 'get', { crm_num: '1', id: '1' })
operation('audit', 'list', { per_page: 10 })
// @ts-expect-error per_page is a number
operation('audit', 'list', { per_page: '10' })
// @ts-expect-error no such action
operation('crm', 'archive')
// @ts-expect-error no such resource
operation('crms', 'list')

// dispatch and useOperation carry the result type through.
export async function dispatched () {
  const response = await dispatch({ resource: 'crm', action: 'list' })
  if (response.ok) same<CallResult<'crm', 'list'>, typeof response.data>(true)
}
declare const state: ReturnType<typeof useOperation<'status', 'get'>>
if (state.status === 'ready') {
  same<CallResult<'status', 'get'>, typeof state.data>(true)
  // @ts-expect-error status.get answers no `healthy` flag
  void state.data.healthy
}

// A host's own resource is typed the same way (the extension guide's example).
type Notes = ApiOf<typeof siteNotes>
same<{ id: number, deleted: true }, Notes['notes']['remove']['result']>(true)
same<'add' | 'list' | 'remove', keyof Notes['notes']>(true)
// @ts-expect-error notes.add needs a title
const untitled: Notes['notes']['add']['params'] = { pinned: true }
void untitled
