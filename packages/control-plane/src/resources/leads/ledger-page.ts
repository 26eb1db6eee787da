import { z } from 'zod'
import type { ArgType, SqlDriverAdapter } from '@prisma/driver-adapter-utils'
import type { Db } from '../../platform/db/client.ts'
import type { DatabaseProvider } from '../../platform/db/database-url.ts'
import type { CursorKey } from '../../platform/lib/cursor.ts'
import { DATETIME_ARG, INT_ARG, intValue, jsonValue, timestampValue, type LedgerSource } from './raw-rows.ts'
import { placeholder } from '../../platform/db/sql-placeholder.ts'
import { EVENT_FIELDS, leadEventRecord, toLeadEventRecord } from './shape.ts'

export const ledgerRow = leadEventRecord.extend({
  lead_id: z.number().int(),
  lead_ref: z.string(),
  source: z.string(),
  campaign: z.string().nullable(),
  status: z.string().describe("The lead's current status."),
  rt_contact_id: z.string().nullable(),
})

type LedgerRow = z.input<typeof ledgerRow>

type PageOptions = { since?: Date | undefined, after: CursorKey | null, take: number }
type LedgerPage = { rows: LedgerRow[], keys: CursorKey[] }

/** The page on the driver adapter (see `LedgerSource`): one statement, the lead joined in. */
async function readLedgerPageRaw (adapter: SqlDriverAdapter, provider: DatabaseProvider, { since, after, take }: PageOptions): Promise<LedgerPage> {
  const args: unknown[] = []
  const argTypes: ArgType[] = []
  const bind = (value: unknown, type = DATETIME_ARG) => {
    args.push(value)
    argTypes.push(type)
    return placeholder(provider, args.length - 1)
  }
  const conditions: string[] = []
  if (since !== undefined) conditions.push(`e."at" >= ${bind(since)}`)
  // The redundant `at >= after.at` lets the (at, id) index start where the last page ended.
  if (after !== null) conditions.push(`e."at" >= ${bind(after.at)} AND (e."at" > ${bind(after.at)} OR (e."at" = ${bind(after.at)} AND e."id" > ${bind(after.id, INT_ARG)}))`)
  const result = await adapter.queryRaw({
    sql: 'SELECT e."id", e."seq", e."type", e."at", e."data", e."prevHash", e."hash", l."id", l."ref", l."source", l."campaign", l."status", l."rtContactId"' +
      ' FROM "svc_lead_events" e JOIN "svc_leads" l ON l."id" = e."lead"' +
      `${conditions.length === 0 ? '' : ` WHERE ${conditions.join(' AND ')}`} ORDER BY e."at" ASC, e."id" ASC LIMIT ${bind(take, INT_ARG)}`,
    args,
    argTypes,
  })
  const rows: LedgerRow[] = []
  const keys: CursorKey[] = []
  for (const [id, seq, type, at, data, prevHash, hash, leadId, ref, source, campaign, status, rtContactId] of result.rows) {
    const when = timestampValue(at)
    rows.push({
      lead_id: intValue(leadId),
      lead_ref: ref as string,
      source: source as string,
      campaign: campaign as string | null,
      status: status as string,
      rt_contact_id: rtContactId as string | null,
      ...toLeadEventRecord({ seq: intValue(seq), type: type as string, at: when, data: jsonValue(data), prevHash: prevHash as string, hash: hash as string }),
    })
    keys.push({ at: when, id: intValue(id) })
  }
  return { rows, keys }
}

/**
 * One page of the lead ledger, oldest first by (at, id), after `after`: read by the
 * (at, id) index whatever the page's depth, so an export of any size is a loop of these.
 */
export async function readLedgerPage ({ db, adapter, provider }: LedgerSource, options: PageOptions): Promise<LedgerPage> {
  if (adapter) return readLedgerPageRaw(adapter, provider, options)
  return readLedgerPageWithPrisma(db, options)
}

async function readLedgerPageWithPrisma (db: Db, options: PageOptions): Promise<LedgerPage> {
  const { since, after, take } = options
  const events = await db.svcLeadEvent.findMany({
    where: {
      lead: { isNot: null },
      AND: [
        since === undefined ? {} : { at: { gte: since } },
        // The redundant `at >= after.at` lets the (at, id) index start where the last page ended.
        after === null ? {} : { at: { gte: after.at }, OR: [{ at: { gt: after.at } }, { at: after.at, id: { gt: after.id } }] },
      ],
    },
    select: { ...EVENT_FIELDS, id: true, lead: { select: { id: true, ref: true, source: true, campaign: true, status: true, rtContactId: true } } },
    orderBy: [{ at: 'asc' }, { id: 'asc' }],
    take,
  })
  const rows = events.map(({ lead, id: _id, ...event }) => ({
    lead_id: lead!.id,
    lead_ref: lead!.ref,
    source: lead!.source,
    campaign: lead!.campaign,
    status: lead!.status,
    rt_contact_id: lead!.rtContactId,
    ...toLeadEventRecord(event),
  }))
  return { rows, keys: events.map(event => ({ at: event.at, id: event.id })) }
}
