import { z } from 'zod'
import type { Db, Tx } from '../../platform/db/client.ts'
import { notFound } from '../../platform/errors/errors.ts'
import { httpUrl } from '../../platform/lib/fields.ts'

export const subscriptionIdParam = z.string().regex(/^wh_[0-9a-f]{16,64}$/, 'must be a subscription id like wh_…').describe('The subscription id (`wh_…`).')

const eventTypesParam = z.array(
  z.string().regex(/^(\*|[a-z][a-z0-9_]*\.(\*|[a-z][a-z0-9_]*))$/, 'must be an event type (lead.captured), a resource wildcard (lead.*) or *'),
).min(1).max(100).describe('Event types to receive: exact types (`lead.captured`), wildcards per resource (`lead.*`) or `*` for all.')

export const subscriptionWritableParams = {
  url: httpUrl.describe('Where events are POSTed. Internal addresses are refused unless SVC_OUTBOUND_ALLOW lets them through.'),
  event_types: eventTypesParam,
  enabled: z.boolean().optional().describe('Whether events are delivered. Enabling a disabled subscription clears disabled_reason. Default true.'),
  description: z.string().trim().max(500).optional().describe('What the subscription is for.'),
}

export const subscriptionRecord = z.object({
  id: z.string(),
  url: z.string(),
  event_types: z.array(z.string()),
  enabled: z.boolean(),
  description: z.string(),
  disabled_reason: z.string().nullable().describe('Why the control plane disabled it (deliveries failing for longer than the retry window); null otherwise.'),
  failing_since: z.string().nullable().describe('When the current run of failed deliveries began; null while deliveries succeed.'),
  previous_secret_expires_at: z.string().nullable().describe('Until when the secret replaced by the last rotate_secret still signs deliveries.'),
  created_at: z.string(),
  updated_at: z.string(),
})

export const SUBSCRIPTION_FIELDS = {
  subscriptionId: true, url: true, eventTypes: true, enabled: true, description: true, disabledReason: true,
  failingSince: true, previousSecretExpiresAt: true, createdAt: true, updatedAt: true,
} as const

export type SubscriptionRow = {
  subscriptionId: string, url: string, eventTypes: unknown, enabled: boolean, description: string, disabledReason: string | null,
  failingSince: Date | null, previousSecretExpiresAt: Date | null, createdAt: Date | null, updatedAt: Date | null,
}

const iso = (date: Date | null) => date ? date.toISOString() : null

export function toSubscriptionRecord (row: SubscriptionRow, at: Date): z.input<typeof subscriptionRecord> {
  const previousValid = row.previousSecretExpiresAt && row.previousSecretExpiresAt > at ? row.previousSecretExpiresAt : null
  return {
    id: row.subscriptionId,
    url: row.url,
    event_types: row.eventTypes as string[],
    enabled: row.enabled,
    description: row.description,
    disabled_reason: row.disabledReason,
    failing_since: iso(row.failingSince),
    previous_secret_expires_at: iso(previousValid),
    created_at: iso(row.createdAt) ?? '',
    updated_at: iso(row.updatedAt ?? row.createdAt) ?? '',
  }
}

export async function findSubscription (db: Db | Tx, id: string): Promise<SubscriptionRow> {
  const row = await db.svcWebhookSubscription.findUnique({ where: { subscriptionId: id }, select: SUBSCRIPTION_FIELDS })
  if (!row) throw notFound(`webhook subscription ${id} does not exist`)
  return row
}
