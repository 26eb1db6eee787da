import type { ControlPlaneRuntime } from '../runtime.ts'
import type { SvcError } from '../../platform/errors/errors.ts'
import type { Identity } from '../../platform/auth/identity.ts'
import type { Operation } from '../registry/define-operation.ts'
import { assertWellFormedKey, callerOf, fingerprintOf, type CallFingerprint } from '../../platform/idempotency/idempotency-key.ts'
import { jsonDepth } from '../../platform/lib/json-value.ts'
import { MAX_JSON_DEPTH } from '../../platform/lib/input-boundary.ts'
import { claimIdempotencyKey, completeClaim, releaseClaim, type StoredResponse } from '../../platform/idempotency/store.ts'

/** How a door stores a call's result, and whether a retry should get it again (not after a fault of ours, nor a rate limit). */
type RunResult = { response: StoredResponse, storable: boolean }
type IdempotentResult<T> = { replayed: true, response: StoredResponse } | { replayed: false, result: T }

/**
 * Runs a call under its `Idempotency-Key`: the first call runs and its response is stored; a
 * repeat gets that response again without running anything. Without a key, or for a readonly
 * operation, the call just runs. Refusals (a malformed key, a key reused with other params, a
 * repeat while the first still runs) are thrown before anything runs.
 */
export async function runIdempotent<T> (
  runtime: ControlPlaneRuntime,
  identity: Identity,
  key: string | undefined,
  operation: Operation,
  call: CallFingerprint,
  run: () => Promise<T>,
  stored: (result: T) => RunResult,
): Promise<IdempotentResult<T>> {
  // Params too deep to hash safely are refused by the pipeline (`too_deep`) before anything runs; no key is needed for that.
  if (key === undefined || operation.readonly || jsonDepth(call.params) > MAX_JSON_DEPTH) return { replayed: false, result: await run() }
  assertWellFormedKey(key)
  const { db, log } = runtime
  const claimed = await claimIdempotencyKey(db, runtime.secrets, { caller: callerOf(identity), key, fingerprint: fingerprintOf(call) }, runtime.options.now())
  if (claimed.kind === 'replay') return { replayed: true, response: claimed.response }
  let result: T
  try {
    result = await run()
  } catch (error) {
    await releaseClaim(db, claimed.claim).catch(release => log('could not release an idempotency key', release))
    throw error
  }
  try {
    const { response, storable } = stored(result)
    if (storable) await completeClaim(db, runtime.secrets, claimed.claim, response)
    else await releaseClaim(db, claimed.claim)
  } catch (error) {
    // The call ran: answer it. The claim stays until its lease ends, then a retry may run again.
    log('could not store the response of an idempotent call', error)
  }
  return { replayed: false, result }
}

/**
 * A refusal worth replaying: the caller's own mistake; not our fault (5xx) or a rate limit, which a
 * retry may get past, nor a question to a person, whose answer comes with the retry.
 */
export const isStorableRefusal = (error: Pick<SvcError, 'status' | 'code'>): boolean =>
  error.status < 500 && error.status !== 429 && error.code !== 'person_confirmation_required' &&
  // The pin is a header, not part of the call the key names: the same call may come again with another.
  error.code !== 'unsupported_version'
