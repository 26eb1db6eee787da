import type { ControlPlaneRuntime } from '../runtime.ts'
import type { Identity } from '../auth/identity.ts'
import { assertWellFormedKey, callerOf, fingerprintOf, type CallFingerprint } from './idempotency-key.ts'
import { jsonDepth } from '../lib/json-value.ts'
import { MAX_JSON_DEPTH } from '../registry/input-boundary.ts'
import { claimIdempotencyKey, completeClaim, releaseClaim, type StoredResponse } from './store.ts'

/** What a door's call produced, and whether a retry should get it again (not after a fault of ours, nor a rate limit). */
export type RunResult = { response: StoredResponse, storable: boolean }
export type IdempotentResult = { response: StoredResponse, replayed: boolean }

/**
 * Runs a call under its `Idempotency-Key`: the first call runs and its response is stored; a
 * repeat gets that response again without running anything. Without a key, or for a readonly or
 * unknown operation, the call just runs. Refusals (a malformed key, a key reused with other
 * params, a repeat while the first still runs) are thrown before anything runs.
 */
export async function runIdempotent (
  runtime: ControlPlaneRuntime,
  identity: Identity,
  key: string | undefined,
  call: CallFingerprint,
  run: () => Promise<RunResult>,
): Promise<IdempotentResult> {
  const operation = key === undefined ? undefined : runtime.registry.get(call.resource, call.action)
  // Params too deep to hash safely are refused by the pipeline (`too_deep`) before anything runs; no key is needed for that.
  if (key === undefined || !operation || operation.readonly || jsonDepth(call.params) > MAX_JSON_DEPTH) return { response: (await run()).response, replayed: false }
  assertWellFormedKey(key)
  const { db, log } = runtime
  const claimed = await claimIdempotencyKey(db, { caller: callerOf(identity), key, fingerprint: fingerprintOf(call) }, runtime.options.now())
  if (claimed.kind === 'replay') return { response: claimed.response, replayed: true }
  let result: RunResult
  try {
    result = await run()
  } catch (error) {
    await releaseClaim(db, claimed.claim).catch(release => log('could not release an idempotency key', release))
    throw error
  }
  try {
    if (result.storable) await completeClaim(db, claimed.claim, result.response)
    else await releaseClaim(db, claimed.claim)
  } catch (error) {
    // The call ran: answer it. The claim stays until its lease ends, then a retry may run again.
    log('could not store the response of an idempotent call', error)
  }
  return { response: result.response, replayed: false }
}

/** Worth replaying: a success, or the caller's own mistake; not our fault (5xx) or a rate limit, which a retry may get past. */
export const isStorableStatus = (status: number): boolean => status < 500 && status !== 429
