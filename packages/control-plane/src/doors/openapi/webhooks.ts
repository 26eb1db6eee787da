import type { EventDeclaration } from '../../platform/events/define-event.ts'
import { eventCatalogue } from '../../kernel/registry/catalogue-json.ts'

const HEADER = (description: string) => ({ required: true, schema: { type: 'string' }, description })

/** The event catalogue as OpenAPI 3.1 `webhooks`: one POST per event type, its body the event with that type's `data`. */
export function eventWebhooks (events: readonly EventDeclaration[]): Record<string, unknown> {
  return Object.fromEntries(eventCatalogue(events).map(event => [event.type, {
    post: {
      summary: event.summary,
      description: `Sent to every enabled subscription whose event types cover \`${event.type}\`, signed with Standard Webhooks headers. ` +
        'Answer 2xx within 10 seconds; anything else is retried with back-off for about three days. `id` is the idempotency handle.',
      tags: ['webhooks'],
      parameters: [
        { name: 'webhook-id', in: 'header', ...HEADER('The event id, the same on every attempt.') },
        { name: 'webhook-timestamp', in: 'header', ...HEADER('Seconds since the epoch when this attempt was signed.') },
        { name: 'webhook-signature', in: 'header', ...HEADER('`v1,<base64 HMAC-SHA256>` per signing secret, space-separated.') },
      ],
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['id', 'type', 'occurred_at', 'actor', 'request_id', 'data'],
              properties: {
                id: { type: 'string' },
                type: { const: event.type },
                occurred_at: { type: 'string', format: 'date-time' },
                actor: {
                  anyOf: [
                    { type: 'object', required: ['account_id', 'key_id'], properties: { account_id: { type: 'string' }, key_id: { type: ['string', 'null'] } } },
                    { type: 'null' },
                  ],
                },
                request_id: { type: ['string', 'null'] },
                data: event.data,
              },
            },
          },
        },
      },
      responses: { '200': { description: 'Received; any 2xx status counts.' } },
    },
  }]))
}
