import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { MAX_BROKEN_LISTED, verifyLedger } from '../verify-ledger.ts'

export const verifyAllLeads = defineOperation({
  summary: "Recompute every lead's event chain, or only what was written since the last clean verify.",
  description: 'Reads the ledger in batches. A clean verify stores a checkpoint (the newest event it covered); ' +
    'with from_checkpoint true only the events written after it are recomputed and the hashes before it are trusted, ' +
    'so a change to an event before the checkpoint is found only by a verify without from_checkpoint.',
  readonly: false,
  examples: [{
    title: 'Verify the whole ledger',
    setup: [{ operation: 'leads.capture', params: { source: 'contact_form', email: 'ledger@example.com' }, as: 'lead' }],
    params: {},
  }],
  params: z.object({
    from_checkpoint: z.boolean().optional().describe('Recompute only the events written since the last clean verify. Default false.'),
  }),
  returns: z.object({
    ok: z.boolean(),
    leads: z.number().int().describe('Leads checked.'),
    events: z.number().int().describe('Events read.'),
    recomputed: z.number().int().describe('Events whose hash was recomputed; the rest were covered by the checkpoint.'),
    broken_count: z.number().int(),
    broken: z.array(z.object({ id: z.number().int(), ref: z.string(), broken_at: z.number().int() }))
      .describe(`The first ${MAX_BROKEN_LISTED} leads whose chain does not match, with the position of the first bad event.`),
    from_event_id: z.number().int().nullable().describe('The checkpoint started from; null for a full verify.'),
    through_event_id: z.number().int().describe('The newest event when the verify started; the next checkpoint when ok.'),
  }),
  async handler ({ from_checkpoint }, { db, now, options }) {
    const source = { db, adapter: options.hostAdapter?.current, provider: options.databaseProvider }
    const { report, saved } = await verifyLedger(source, { fromCheckpoint: from_checkpoint === true, now: now() })
    return { data: report, changed: saved }
  },
})
