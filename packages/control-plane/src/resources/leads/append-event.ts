import type { Db, Tx } from '../../platform/db/client.ts'
import type { Prisma } from '../../../generated/prisma/client.ts'
import { notFound } from '../../platform/errors/errors.ts'
import { eventHash } from './chain.ts'
import { jsonColumn } from '../../platform/lib/json-value.ts'

const LEAD_STATE = { id: true, ref: true, status: true, rtContactId: true, eventCount: true, headHash: true } as const

export type LeadState = { id: number, ref: string, status: string, rtContactId: string | null, eventCount: number, headHash: string }

/** An event to append and the change of the lead it records. */
type NewEvent = { type: string, data: Record<string, unknown>, change?: Prisma.SvcLeadUpdateInput }

export type AppendedEvent = { seq: number, type: string, at: Date, data: Record<string, unknown>, prevHash: string, hash: string }

/** Writes to one lead queue behind one another (SQLite has a single writer), so give a burst room to drain. */
export const LEAD_TX_OPTIONS = { maxWait: 15_000, timeout: 15_000 }

type AppendArgs = {
  leadId: number
  at: Date
  /** Builds the event from the lead as it is once this append holds the lock. */
  build: (lead: LeadState) => NewEvent
  /** More writes that must commit with the event (e.g. an outbox message). */
  alongside?: (tx: Tx, lead: LeadState, event: AppendedEvent) => Promise<void>
}

/**
 * Appends one event to a lead's chain and applies the change it records, in one transaction.
 * The first statement bumps the lead's event_count, which holds the lead row (PostgreSQL) or the
 * database (SQLite) until commit, so concurrent appends from any process queue instead of forking
 * the chain; the unique (lead, seq) pair backs that up.
 */
export async function appendLeadEvent (db: Db, { leadId, at, build, alongside }: AppendArgs): Promise<{ lead: LeadState, event: AppendedEvent }> {
  return db.$transaction(async tx => {
    const { count } = await tx.svcLead.updateMany({ where: { id: leadId }, data: { eventCount: { increment: 1 } } })
    if (count === 0) throw notFound(`lead ${leadId} does not exist`)
    const before = await tx.svcLead.findUniqueOrThrow({ where: { id: leadId }, select: LEAD_STATE })
    const { type, data, change } = build(before)
    const seq = before.eventCount
    const event: AppendedEvent = { seq, type, at, data, prevHash: before.headHash, hash: eventHash(before.headHash, { lead: before.ref, seq, type, at, data }) }
    await tx.svcLeadEvent.create({
      data: { lead: { connect: { id: leadId } }, seq, type, at, data: jsonColumn(data), prevHash: event.prevHash, hash: event.hash },
    })
    const lead = await tx.svcLead.update({ where: { id: leadId }, data: { ...change, headHash: event.hash }, select: LEAD_STATE })
    await alongside?.(tx, before, event)
    return { lead, event }
  }, LEAD_TX_OPTIONS)
}
