import type { Effect } from './change.ts'

/**
 * The lists whose rows are the control plane's bookkeeping, not the site's state: a call's change
 * set leaves them out (an audit entry, an idempotency claim, a rate window, an outbox message, a
 * tally, a job's own row, …), and a revert never writes them. Approvals and OAuth records hold the
 * calls and grants they stand for in plain form, so they stay out too; session versions only go up.
 */
const BOOKKEEPING_MODELS: ReadonlySet<string> = new Set([
  'SvcAuditEntry',
  'SvcIdempotencyKey',
  'SvcRateWindow',
  'SvcOutboxMessage',
  'SvcTally',
  'SvcJob',
  'SvcEvent',
  'SvcCounter',
  'SvcKeptCount',
  'SvcRetentionState',
  'SvcWelcomeEmailWindow',
  'SvcWebhookDelivery',
  'SvcApproval',
  'SvcOAuthRecord',
  'SvcSessionVersion',
  'SvcLeadChainCheckpoint',
])

export const isBookkeeping = (model: string): boolean => BOOKKEEPING_MODELS.has(model)

/** The effect a bookkeeping row stands for (an event, an outbox message), read from what the call wrote; null for the rest. */
export function effectOf (model: string, data: Record<string, unknown>): Effect | null {
  if (model === 'SvcEvent' && typeof data.type === 'string') return { kind: 'event', name: data.type }
  if (model === 'SvcOutboxMessage' && typeof data.topic === 'string') {
    return { kind: 'message', name: data.topic, ...typeof data.orderingKey === 'string' && data.orderingKey !== '' ? { target: data.orderingKey } : {} }
  }
  return null
}
