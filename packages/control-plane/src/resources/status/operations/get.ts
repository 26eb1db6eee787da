import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { NAMESPACE, PRODUCT_VERSION } from '../../../platform/version.ts'
import { forwardingBacklog, type ForwardBacklog } from '../../../kernel/hooks/forwarding-backlog.ts'
import { isoOrNull } from '../../../platform/lib/timestamps.ts'
import { retentionReport } from '../../../platform/retention/report.ts'
import { FIRST_COUNT_LIVE_UP_TO, readKeptCounts } from '../kept-counts.ts'
import { readDeprecatedUses } from '../../../platform/audit/deprecated-use-counts.ts'
import { addedIn } from '../../../kernel/registry/since.ts'
import { encryptionKeyCheck, outboxCheck, probeDatabase, tablesCheck, type HealthCheck } from '../checks.ts'

const forwardBacklog = z.object({
  source: z.string().describe('Slug of the content source.'),
  name: z.string(),
  pending: z.number().int().describe('Forwards waiting for their first or next attempt.'),
  failed: z.number().int().describe('Forwards given up after their last retry.'),
}) satisfies z.ZodType<ForwardBacklog>

const statusReport = z.object({
  product_version: z.string(),
  namespace: z.string(),
  database: z.object({ provider: z.string(), ok: z.boolean(), latency_ms: z.number() }),
  modules: z.record(z.string(), z.boolean()),
  counts: z.record(z.string(), z.number().int()).describe(`One number per status counter. A kept counter (see counts_as_of) not counted yet is counted in the background; until then it is counted live if its table holds at most ${FIRST_COUNT_LIVE_UP_TO.toLocaleString('en')} rows, and left out otherwise.`),
  counts_as_of: z.record(z.string(), z.string()).describe('For each count kept rather than counted on every call (a table that grows without bound, such as leads and runs): when it was counted. Recounted in the background when older than a minute.'),
  outbox: z.object({
    pending: z.number().int(),
    failed: z.number().int(),
    oldest_pending_at: z.string().nullable().describe('When the oldest message still waiting for delivery was written; null when none waits.'),
  }),
  forwarding: z.array(forwardBacklog).describe('Every content source with its forwards pending and failed; empty on a host without posts.'),
  retention: z.array(z.object({
    rule: z.string(),
    table: z.string(),
    removes: z.string(),
    days: z.number().int().nullable().describe('Days kept; null keeps rows until something deletes them.'),
    rows: z.number().int().nullable().describe('Rows the rule watches, as of the last prune; null before the first.'),
    oldest_at: z.string().nullable(),
    last_pruned_at: z.string().nullable(),
    last_pruned: z.number().int().describe('Rows the last prune removed or emptied.'),
  })).describe('How long each kind of record is kept, and what the pruner last found: read from its notes, never counted here.'),
  deprecated_uses: z.array(z.object({
    use: z.string().describe('The deprecated operation (`crm.old_list`), param (`crm.list params.legacy`) or returned field (`crm.get returns.legacy`).'),
    caller: z.string().describe('Who called: `api_key:<public id>`, `oauth:<client id>` or `session:<e-mail>`.'),
    count: z.number().int(),
  })).describe('Who still uses what is deprecated (docs/http-api.md, "Deprecation"), the most used first; empty when nobody does.').meta(addedIn('1.5.000')),
  uptime_s: z.number().int(),
  checks: z.array(z.object({ name: z.string(), ok: z.boolean(), message: z.string() })),
})

export const getStatus = defineOperation({
  summary: 'Health of the site and the product: database, modules, record counts, outbox and checks.',
  description: 'Safe to poll from monitoring. Carries no secret and no connection string.',
  readonly: true,
  examples: [{ title: 'Site and product health', params: {} }],
  params: z.object({}),
  returns: statusReport,
  async handler (_params, { db, modules, statusCounters, options, now, background, hooks }) {
    const database = await probeDatabase(db)
    const [disabled, live, kept, pending, failed, oldestPending, forwarding, retention, deprecatedUses] = await Promise.all([
      modules.disabled(),
      Promise.all(statusCounters.filter(counter => counter.kept !== true).map(async counter => [counter.key, await counter.count(db).catch(() => null)] as const)),
      readKeptCounts(db, statusCounters.filter(counter => counter.kept === true), now, background),
      db.svcOutboxMessage.count({ where: { status: 'pending' } }),
      db.svcOutboxMessage.count({ where: { status: 'failed' } }),
      db.svcOutboxMessage.findFirst({ where: { status: 'pending' }, orderBy: { createdAt: 'asc' }, select: { createdAt: true } }),
      // Provided only where content sources are installed: a host without posts has no such list.
      hooks.get(forwardingBacklog)?.(db) ?? [],
      retentionReport(db, options.retention),
      readDeprecatedUses(db),
    ])
    const counted = [...live, ...kept.counts]
    const counts = counted.filter((entry): entry is readonly [string, number] => entry[1] !== null)
    const checks: HealthCheck[] = [
      { name: 'database', ok: database.ok, message: database.ok ? 'reachable' : 'not reachable' },
      await tablesCheck(db, counted.filter(([, count]) => count === null).map(([key]) => key)),
      encryptionKeyCheck(options.encryptionKey !== undefined),
      outboxCheck(failed),
    ]
    return {
      data: {
        product_version: PRODUCT_VERSION,
        namespace: NAMESPACE,
        database: { provider: options.databaseProvider, ...database },
        modules: Object.fromEntries(modules.keys().map(key => [key, !disabled.has(key)])),
        counts: Object.fromEntries(counts),
        counts_as_of: kept.asOf,
        outbox: { pending, failed, oldest_pending_at: isoOrNull(oldestPending?.createdAt) },
        forwarding,
        retention,
        deprecated_uses: deprecatedUses,
        uptime_s: Math.floor(process.uptime()),
        checks,
      },
      changed: false,
    }
  },
})
