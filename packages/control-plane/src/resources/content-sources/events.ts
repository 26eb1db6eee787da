import { z } from 'zod'
import { defineEvent } from '../../platform/events/define-event.ts'
import { defineChangedEvent } from '../../platform/events/changed-event.ts'
import { sourceRecord } from './shape.ts'

const delivery = { delivery_id: z.number().int(), source_id: z.string(), source_slug: z.string() }

export const contentDeliveryReceived = defineEvent({
  type: 'content.delivery_received',
  summary: 'A content source\'s webhook accepted a delivery and stored it in the inbox (replays of a webhook-id are not).',
  data: z.object(delivery),
})

export const contentPostCreated = defineEvent({
  type: 'content.post_created',
  summary: 'A delivery became a new post on the site.',
  data: z.object({ ...delivery, post_id: z.string().describe('The post\'s id, as text (hosts\' ids are numbers or cuids).'), published: z.boolean() }),
})

export const contentDeliveryFailed = defineEvent({
  type: 'content.delivery_failed',
  summary: 'A stored delivery could not be ingested; error says why.',
  data: z.object({ ...delivery, error: z.string() }),
})

export const contentSourceChanged = defineChangedEvent({
  type: 'content_source.changed',
  summary: 'A content source was created, updated, imported, deleted, had its mapping approved or its secret rotated (never the secret itself).',
  key: 'id',
  record: sourceRecord,
  actions: ['created', 'updated', 'imported', 'deleted', 'mapping_approved', 'secret_rotated'],
})

export const contentSourceEvents = [contentDeliveryReceived, contentPostCreated, contentDeliveryFailed, contentSourceChanged]
