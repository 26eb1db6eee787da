import type { Db, Tx } from '../../platform/db/client.ts'
import { isUniqueViolation } from '../../platform/db/client.ts'
import type { CaptureInput } from './capture-input.ts'
import { GENESIS_HASH, eventHash } from './chain.ts'
import { newLeadRef } from './ref.ts'
import { INITIAL_LEAD_STATUS } from './statuses.ts'
import { emitEvent, type EventMeta } from '../../platform/events/emit.ts'
import { leadCaptured } from './events.ts'

type LeadFields = { source: string, campaign: string | null, email: string | null, phone: string | null, name: string | null, attribution: Record<string, unknown>, data: Record<string, unknown> }

function emitCaptured (tx: Tx, created: { id: number, ref: string }, lead: LeadFields, via: CaptureChannel, meta: EventMeta) {
  return emitEvent(tx, leadCaptured, { ...created, ...lead, status: INITIAL_LEAD_STATUS, via, first_seen: meta.at.toISOString() }, meta)
}

/** How the lead arrived: a dispatch call or the public form. Recorded in the `captured` event. */
export type CaptureChannel = 'dispatch' | 'public_form'

const REF_ATTEMPTS = 3

/** Creates a lead with status New and its first event, `captured`, with its outbound `lead.captured` in one transaction. */
export async function captureLead (db: Db, input: CaptureInput, channel: CaptureChannel, at: Date, meta: Omit<EventMeta, 'at'> = { actor: null }): Promise<{ id: number, ref: string }> {
  const lead = {
    source: input.source,
    campaign: input.campaign ?? null,
    email: input.email ?? null,
    phone: input.phone ?? null,
    name: input.name ?? null,
    attribution: input.attribution ?? {},
    data: input.data ?? {},
  }
  const eventData = { ...lead, status: INITIAL_LEAD_STATUS, via: channel }
  for (let attempt = 1; ; attempt++) {
    const ref = newLeadRef()
    const hash = eventHash(GENESIS_HASH, { lead: ref, seq: 1, type: 'captured', at, data: eventData })
    try {
      return await db.$transaction(async tx => {
        const created = await tx.svcLead.create({
        data: {
          ...lead,
          ref,
          status: INITIAL_LEAD_STATUS,
          firstSeen: at,
          eventCount: 1,
          headHash: hash,
          events: { create: { seq: 1, type: 'captured', at, data: eventData, prevHash: GENESIS_HASH, hash } },
        },
        select: { id: true, ref: true },
        })
        await emitCaptured(tx, created, lead, channel, { ...meta, at })
        return created
      })
    } catch (error) {
      // 100 random bits make a clash practically impossible, but a clash must not lose the lead.
      if (!isUniqueViolation(error) || attempt >= REF_ATTEMPTS) throw error
    }
  }
}
