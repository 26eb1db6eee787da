import type { Db } from '../platform/db/client.ts'
import type { Identity } from '../platform/auth/identity.ts'
import type { AccountLoader } from '../platform/host-contract/load-account.ts'
import type { CapabilityMap } from '../platform/auth/capabilities.ts'
import { FULL_GRANT } from '../platform/auth/scopes.ts'
import { findKeyWithOwner } from '../platform/auth/find-key.ts'
import type { Operation } from './registry/define-operation.ts'
import { callerMayRun } from './pipeline/checks.ts'

/** Which resource declares each event type: an event is read like that resource. */
export type EventResources = ReadonlyMap<string, string>

/**
 * The credential whose reach bounds a webhook subscription: the one that last created or updated
 * it. Both null for subscriptions made before reach was recorded.
 */
export type SubscriptionCredential = { keyId: string | null, accountId: string | null }

type ReachDeps = { capabilities: CapabilityMap, operations: () => readonly Operation[], eventResources: EventResources }

/**
 * The event types `identity` may receive: those whose resource it may read, that is, run one of
 * the resource's read-only operations (its role's capability and its credential's scopes), or any
 * of its operations when the resource has no read-only one.
 */
export function readableEventTypes ({ capabilities, operations, eventResources }: ReachDeps, identity: Identity): string[] {
  const holder = { options: { capabilities } }
  const all = operations()
  const readable = (resource: string): boolean => {
    const own = all.filter(operation => operation.resource === resource)
    const reads = own.some(operation => operation.readonly) ? own.filter(operation => operation.readonly) : own
    return reads.some(operation => callerMayRun(holder, identity, operation))
  }
  const resources = new Map<string, boolean>()
  return [...eventResources].filter(([, resource]) => {
    if (!resources.has(resource)) resources.set(resource, readable(resource))
    return resources.get(resource)
  }).map(([type]) => type)
}

/**
 * The identity a subscription's credential has now: a revoked or expired key (or ancestor), or a
 * deleted account, has none, so its subscriptions receive nothing more.
 */
export async function credentialIdentity (db: Db, loadAccount: AccountLoader, credential: SubscriptionCredential, now: Date): Promise<Identity | null> {
  if (credential.keyId !== null) {
    const key = await findKeyWithOwner(db, loadAccount, credential.keyId)
    if (!key || !key.owner || key.revokedAt || (key.expiresAt && key.expiresAt <= now)) return null
    return { account: key.owner, mode: 'api_key', keyId: credential.keyId, grant: key.grant, approval: key.approval, keyExpiresAt: key.expiresAt }
  }
  if (credential.accountId === null) return null
  const account = await loadAccount(credential.accountId)
  return account && { account, mode: 'session', keyId: null, grant: FULL_GRANT, approval: 'none', keyExpiresAt: null }
}

/**
 * The event types a subscription's credential reaches now; null (no limit) for a subscription
 * made before reach was recorded.
 */
export async function subscriptionReach (deps: ReachDeps & { db: Db, loadAccount: AccountLoader }, credential: SubscriptionCredential, now: Date): Promise<ReadonlySet<string> | null> {
  if (credential.keyId === null && credential.accountId === null) return null
  const identity = await credentialIdentity(deps.db, deps.loadAccount, credential, now)
  return new Set(identity ? readableEventTypes(deps, identity) : [])
}
