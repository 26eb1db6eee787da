import { z } from 'zod'
import { defineEvent } from '../../platform/events/define-event.ts'

/** Sent only by webhooks.test, to the one subscription named. */
export const webhookTest = defineEvent({
  type: 'webhook.test',
  summary: 'A test event sent by webhooks.test (the Admin UI\'s "Send test event").',
  data: z.object({ subscription_id: z.string(), message: z.string() }),
})
