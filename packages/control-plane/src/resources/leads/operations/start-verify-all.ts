import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { jobStarted } from '../../../platform/jobs/job-status.ts'
import { readCheckpoint } from '../verify-ledger.ts'
import { verifyLedgerJob } from '../verify-ledger-job.ts'

/** One verification of the ledger at a time. */
const LEDGER_TARGET = 'ledger'

export const startVerifyAllLeads = defineOperation({
  summary: 'Verify every lead\'s event chain as a job, for a large ledger: answers 202 at once with the job to follow.',
  description: 'What leads.verify_all does inline, in batches on whichever instance takes the job, with progress in leads (jobs.get) and jobs.cancel. ' +
    'An instance that stops midway leaves the rest to another, which goes on after the last lead verified. ' +
    'The result counts leads, events, recomputed (events whose hash was recomputed) and broken chains, and names each broken lead as broken_at:<lead id> (the position of its first bad event, up to 100 leads). ' +
    'A job that ends with no broken chain moves the checkpoint to the newest event that existed when it started; with from_checkpoint true only the leads with an event written since the last clean verify are checked. ' +
    'leads.verify_all answers inline at any size; this is for ledgers where waiting for it would outlast a client\'s timeout (about 1 s per 100,000 leads here).',
  startsJob: true,
  errors: ['conflict'],
  examples: [{
    title: 'Verify the whole ledger in the background',
    setup: [{ operation: 'leads.capture', params: { source: 'contact_form', email: 'background@example.com' }, as: 'lead' }],
    params: {},
  }],
  params: z.object({
    from_checkpoint: z.boolean().optional().describe('Check only the leads with an event written since the last clean verify. Default false.'),
  }),
  returns: jobStarted,
  async handler ({ from_checkpoint }, context) {
    const { db } = context
    const through = (await db.svcLeadEvent.aggregate({ _max: { id: true } }))._max.id ?? 0
    const from = from_checkpoint === true ? await readCheckpoint(db) ?? 0 : 0
    const total = from === 0
      ? await db.svcLead.count()
      : (await db.svcLeadEvent.findMany({ where: { id: { gt: from } }, select: { leadId: true }, distinct: ['leadId'] })).length
    const job = await context.startJob(verifyLedgerJob.kind, {
      target: LEDGER_TARGET,
      params: { from_event_id: from, through_event_id: through },
      total,
    })
    return { data: job, changed: true }
  },
})
