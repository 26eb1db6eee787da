import type { HostDb } from '../support/in-process-server.ts'
import { send } from './http.ts'
import { BASE, type LoadRecords } from './load.ts'

type Finding = { check: string, detail: string }
export type Figures = {
  requests: number
  answered2xx: number
  byKind: Record<string, { sent: number, answered2xx: number, attempts: number }>
  losses: Finding[]
  duplicates: Finding[]
  other: Finding[]
}

const countBy = <T>(items: T[], key: (item: T) => string) => {
  const counts = new Map<string, number>()
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1)
  return counts
}

/**
 * What the guarantees promise, checked against the database once the load and the faults are over:
 * losses (an answered 2xx with no record, or no audit entry, or no forward), duplicates (a record
 * stored twice), and the rest (the outbox, the lead chains).
 */
export async function checkRecords (db: HostDb, records: LoadRecords, options: { url: string, adminKey: string, tag: string, forwardsByPost: Map<string, number> }): Promise<Figures> {
  const losses: Finding[] = []
  const duplicates: Finding[] = []
  const other: Finding[] = []
  const { tag } = options

  // Leads: one row per email answered 2xx, with its `captured` event; at most one for the others.
  const leads = await db.svcLead.findMany({ where: { email: { contains: `-${tag}-` } }, select: { id: true, ref: true, email: true, eventCount: true } })
  const leadsByEmail = countBy(leads, lead => lead.email ?? '')
  for (const record of records.leads) {
    const stored = leadsByEmail.get(record.email) ?? 0
    if (stored > 1) duplicates.push({ check: 'lead stored once', detail: `${record.email} stored ${stored} times` })
    if (record.answered2xx && stored === 0) losses.push({ check: 'lead stored', detail: `${record.email} answered 2xx (${record.ref}) but not stored` })
  }
  const verifyQueue = leads.slice()
  const verifyOne = async () => {
    for (let lead = verifyQueue.shift(); lead; lead = verifyQueue.shift()) {
      const answer = await send(options.url, 'POST', `${BASE}/manage/dispatch`, { resource: 'leads', action: 'verify', params: { id: lead.id } }, { Authorization: `Bearer ${options.adminKey}` })
      const chain = answer.body?.data?.chain
      if (answer.status !== 200 || chain?.ok !== true || chain.count < 1) other.push({ check: 'leads.verify', detail: `lead ${lead.id}: ${answer.status} ${JSON.stringify(answer.body?.data ?? answer.body)}` })
    }
  }
  await Promise.all([verifyOne(), verifyOne(), verifyOne()])
  const captured = countBy(await db.svcLeadEvent.findMany({ where: { type: 'captured', leadId: { in: leads.map(lead => lead.id) } }, select: { leadId: true } }), event => String(event.leadId))
  for (const lead of leads) {
    if (!captured.get(String(lead.id))) losses.push({ check: 'lead captured event', detail: `lead ${lead.ref} has no captured event` })
  }

  // Deliveries: one inbox row per webhook-id, processed into one post, forwarded at least once.
  const inbox = await db.svcContentDelivery.findMany({ where: { webhookId: { startsWith: `msg_${tag}_` } }, select: { webhookId: true, status: true, postId: true } })
  const inboxById = new Map(inbox.map(row => [row.webhookId!, row]))
  const posts = await db.post.findMany({ where: { title: { startsWith: `Delivery ${tag} ` } }, select: { id: true, title: true } })
  const postsByTitle = countBy(posts, post => post.title)
  for (const record of records.deliveries) {
    const row = inboxById.get(record.webhookId)
    const stored = postsByTitle.get(record.title) ?? 0
    if (stored > 1) duplicates.push({ check: 'delivery processed once', detail: `${record.webhookId} became ${stored} posts` })
    if (!record.answered2xx) continue
    if (!row) { losses.push({ check: 'delivery stored', detail: `${record.webhookId} answered 2xx but not in the inbox` }); continue }
    if (row.status !== 'created' || row.postId === null || stored === 0) {
      losses.push({ check: 'delivery processed', detail: `${record.webhookId} answered 2xx but is ${row.status} with post ${row.postId}, ${stored} posts titled so` })
      continue
    }
    if (!options.forwardsByPost.get(row.postId)) losses.push({ check: 'delivery forwarded', detail: `${record.webhookId} (post ${row.postId}) was never forwarded` })
  }

  // Dispatch writes: each crm.create answered 2xx is one slot and has an audit entry; none is two slots.
  const slots = countBy(await db.svcCrmSlot.findMany({ where: { name: { startsWith: `CRM ${tag} ` } }, select: { name: true } }), slot => slot.name)
  const crmAudit = await db.svcAuditEntry.findMany({ where: { operation: 'crm.create', ok: true }, select: { params: true } })
  const auditedNames = new Set(crmAudit.map(entry => String((entry.params as { name?: unknown } | null)?.name)))
  for (const record of records.crm) {
    const stored = slots.get(record.name) ?? 0
    if (stored > 1) duplicates.push({ check: 'crm.create stored once', detail: `${record.name} stored ${stored} times` })
    if (!record.answered2xx) continue
    if (stored === 0) losses.push({ check: 'crm.create stored', detail: `${record.name} answered 2xx but not stored` })
    if (!auditedNames.has(record.name)) losses.push({ check: 'crm.create audited', detail: `${record.name} answered 2xx but has no audit entry` })
  }

  // Pipeline runs: each answered run is one row and has an audit entry; no post is run twice.
  const runPosts = records.runs.map(record => record.postId)
  // A batch job's runs (the takeover figures start one at each kill) are not calls of the load.
  const runs = await db.svcPipelineRun.findMany({ where: { postId: { in: runPosts }, triggerKind: 'manual', jobId: null }, select: { id: true, postId: true } })
  const runsByPost = countBy(runs, run => run.postId)
  const runAudit = await db.svcAuditEntry.findMany({ where: { operation: 'pipelines.run', ok: true }, select: { params: true } })
  const auditedPosts = new Set(runAudit.map(entry => String((entry.params as { post_id?: unknown } | null)?.post_id)))
  const runIds = new Set(runs.map(run => run.id))
  for (const record of records.runs) {
    const stored = runsByPost.get(record.postId) ?? 0
    if (stored > 1) duplicates.push({ check: 'pipelines.run once', detail: `post ${record.postId} was run ${stored} times by one key` })
    if (!record.answered2xx) continue
    if (record.runId === null || !runIds.has(record.runId)) losses.push({ check: 'pipelines.run stored', detail: `${record.key} answered run ${record.runId} but it is not stored` })
    if (!auditedPosts.has(record.postId)) losses.push({ check: 'pipelines.run audited', detail: `${record.key} answered 2xx but has no audit entry` })
  }

  // The outbox drained: nothing pending, nothing given up.
  const outbox = await db.svcOutboxMessage.groupBy({ by: ['status'], _count: { _all: true } })
  for (const group of outbox) {
    if (group.status === 'pending' || group.status === 'failed') other.push({ check: 'outbox drained', detail: `${group._count._all} messages ${group.status}` })
  }

  const all = [...records.leads, ...records.deliveries, ...records.crm, ...records.runs]
  const kind = (list: Array<{ answered2xx: boolean, attempts: number }>) => ({ sent: list.length, answered2xx: list.filter(r => r.answered2xx).length, attempts: list.reduce((sum, r) => sum + r.attempts, 0) })
  return {
    requests: all.reduce((sum, record) => sum + record.attempts, 0),
    answered2xx: all.filter(record => record.answered2xx).length,
    byKind: { leads: kind(records.leads), deliveries: kind(records.deliveries), 'crm.create': kind(records.crm), 'pipelines.run': kind(records.runs) },
    losses,
    duplicates,
    other,
  }
}
