import { z } from 'zod'
import { defineEvent } from '../../platform/events/define-event.ts'

const leadKey = { id: z.number().int(), ref: z.string() }

export const leadCaptured = defineEvent({
  type: 'lead.captured',
  summary: 'A lead arrived, through the public form or leads.capture.',
  data: z.object({
    ...leadKey,
    source: z.string(),
    campaign: z.string().nullable(),
    status: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    name: z.string().nullable(),
    attribution: z.record(z.string(), z.unknown()),
    data: z.record(z.string(), z.unknown()),
    via: z.enum(['dispatch', 'public_form']),
    first_seen: z.string(),
  }),
})

export const leadStatusChanged = defineEvent({
  type: 'lead.status_changed',
  summary: 'A lead\'s status was set (leads.set_status from the contact system, or leads.set_status_local).',
  data: z.object({ ...leadKey, from: z.string(), to: z.string(), origin: z.string() }),
})

export const leadDeleted = defineEvent({
  type: 'lead.deleted',
  summary: 'A lead and its events were deleted.',
  data: z.object(leadKey),
})

export const leadEvents = [leadCaptured, leadStatusChanged, leadDeleted]
