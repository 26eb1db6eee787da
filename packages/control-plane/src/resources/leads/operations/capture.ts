import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { captureInput } from '../capture-input.ts'
import { captureLead } from '../capture-lead.ts'
import { eventMetaOf } from '../../../platform/events/emit.ts'

export const captureLeadOperation = defineOperation({
  summary: 'Capture a lead: it starts in status New with a `captured` event.',
  description: 'Returns the integer id and the public, non-guessable ref. Site forms post to the public endpoint instead.',
  examples: [{
    title: 'Record a lead from a landing page',
    params: {
      source: 'contact_form',
      campaign: 'spring_launch',
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      attribution: { utm_source: 'newsletter', utm_medium: 'email' },
      data: { company: 'Analytical Engines Ltd' },
    },
  }],
  params: z.object(captureInput),
  returns: z.object({ id: z.number().int(), ref: z.string() }),
  async handler (params, context) {
    const lead = await captureLead(context.db, params, 'dispatch', context.now(), eventMetaOf(context))
    context.kickOutbox()
    return { data: lead, changed: true }
  },
})
