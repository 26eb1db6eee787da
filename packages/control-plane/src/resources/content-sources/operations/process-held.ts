import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { z } from 'zod'
import { conflict } from '../../../platform/errors/errors.ts'
import { jobStarted } from '../../../platform/jobs/job-status.ts'
import { PROCESSABLE } from '../ingest/process-delivery.ts'
import { processHeldJob } from '../held/process-held-job.ts'
import { findSource, sourceIdParam } from '../shape.ts'

export const processHeldDeliveriesJob = defineOperation({
  summary: 'Process the deliveries a content source holds as a job, for a large backlog: answers 202 at once with the job to follow.',
  description: 'The deliveries a source held while it was paused or waiting for a mapping (and any a crash left unprocessed) are processed oldest first, ' +
    'each as a live delivery is, in batches on whichever instance takes the job, with progress (jobs.get) and jobs.cancel; an instance that stops midway leaves the rest to another, and no delivery is processed twice. ' +
    'approve_mapping and re-enabling with update still process them at once; this is for a backlog too long to wait for. ' +
    'The source must be enabled with an approved mapping (409 conflict otherwise); paused meanwhile, the job ends and counts what is still held as left_held. ' +
    'The result counts the deliveries by outcome (created, updated, unchanged, skipped, held, failed) and already_processed (taken by live ingest meanwhile). One job per source at a time.',
  startsJob: true,
  examples: [{
    title: 'Process what a wire source held while it was paused',
    setup: [
      {
        operation: 'content_sources.import',
        params: {
          envelope: {
            format: 'svc.content_source',
            schema_version: 1,
            payload: { name: 'Held wire', slug: 'held-wire', sample: { headline: 'Bridge reopens', body: '<p>Traffic resumed at noon.</p>' } },
          },
          overwrite: true,
          confirm: true,
        },
        as: 'source',
      },
      { operation: 'content_sources.approve_mapping', params: { id: '{{source.id}}', mapping: { title: 'headline', content: 'body' } }, as: 'approved' },
    ],
    params: { id: '{{source.id}}' },
  }],
  params: z.object({ id: sourceIdParam }),
  returns: jobStarted,
  async handler ({ id }, context) {
    const source = await findSource(context.db, id)
    if (!source.enabled || source.mappingStatus !== 'approved') {
      throw conflict('this source holds its deliveries until it is enabled with an approved mapping: approve a mapping or enable it first')
    }
    const total = await context.db.svcContentDelivery.count({ where: { sourceId: id, status: { in: PROCESSABLE } } })
    const job = await context.startJob(processHeldJob.kind, {
      target: `source:${id}`,
      params: { source_id: id },
      total,
    })
    return { data: job, changed: true }
  },
})
