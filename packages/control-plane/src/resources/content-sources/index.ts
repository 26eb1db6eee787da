import { contentSourceEvents } from './events.ts'
import { configureResource, defineResource } from '../../kernel/define-resource.ts'
import { contentSourcesSettings, type ContentSourcesSettings } from './resource-settings.ts'
import { setUpIngestLimiter } from './ingest/ingest-limiter.ts'
import { contentSourceModel } from './model.ts'
import { contentDeliveryModel } from './delivery-model.ts'
import { contentItemModel } from './item-model.ts'
import { forwardTopic } from './forward/topic.ts'
import { ingestRoute } from './ingest/route.ts'
import { approveContentSourceMapping } from './operations/approve-mapping.ts'
import { createContentSource } from './operations/create.ts'
import { deleteContentSource } from './operations/delete.ts'
import { processHeldDeliveriesJob } from './operations/process-held.ts'
import { processHeldJob } from './held/process-held-job.ts'
import { exportContentSource } from './operations/export.ts'
import { getContentSource } from './operations/get.ts'
import { importContentSource } from './operations/import.ts'
import { listContentSources } from './operations/list.ts'
import { listContentDeliveries } from './operations/list-deliveries.ts'
import { rotateContentSourceSecret } from './operations/rotate-secret.ts'
import { updateContentSource } from './operations/update.ts'
import { contentInboxRetention } from './retention.ts'
import { FORWARD_SECRET, WEBHOOK_SECRET } from './sealed-columns.ts'
import { provide } from '../../kernel/hooks/define-hook.ts'
import { postProvenance } from '../../kernel/hooks/post-provenance.ts'
import { forwardingBacklog } from '../../kernel/hooks/forwarding-backlog.ts'
import { provenanceService } from './provenance.ts'
import { forwardBacklogs } from './forward/forward-backlog.ts'

/** Outside systems pushing articles into the host's posts list (`host.content`) through their own webhook. */
export const contentSourcesResource = defineResource({
  name: 'content_sources',
  sealedColumns: [WEBHOOK_SECRET, FORWARD_SECRET],
  requires: ['content'],
  events: contentSourceEvents,
  settings: contentSourcesSettings,
  setup: setUpIngestLimiter,
  models: [contentSourceModel, contentDeliveryModel, contentItemModel],
  operations: {
    approve_mapping: approveContentSourceMapping,
    create: createContentSource,
    delete: deleteContentSource,
    export: exportContentSource,
    get: getContentSource,
    import: importContentSource,
    list_deliveries: listContentDeliveries,
    list: listContentSources,
    process_held: processHeldDeliveriesJob,
    rotate_secret: rotateContentSourceSecret,
    update: updateContentSource,
  },
  routes: [ingestRoute],
  outboxTopics: [forwardTopic],
  jobKinds: [processHeldJob],
  provides: [provide(postProvenance, provenanceService), provide(forwardingBacklog, forwardBacklogs)],
  statusCounters: [{ key: 'content_sources', count: db => db.svcContentSource.count() }],
  retention: contentInboxRetention,
  adminPages: [{ path: '/control-plane/content-sources', label: 'Content sources', title: 'Content sources', requires: ['content_sources.list'] }],
})

/** The content sources resource with settings of the host's, for `builtins: [contentSources({ … })]`. */
export const contentSources = (settings: ContentSourcesSettings) => configureResource(contentSourcesResource, settings)
