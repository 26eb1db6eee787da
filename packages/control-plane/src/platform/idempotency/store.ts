import type { Db } from '../db/client.ts'
import { isUniqueViolation } from '../db/client.ts'
import { idempotencyInProgress, idempotencyMismatch, secretUnavailable } from '../errors/errors.ts'
import type { SecretBox } from '../secrets/secret-box.ts'
import { openResponse, sealResponse } from './sealed-response.ts'

/** How long a finished call's response is replayed for its key. */
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000
/** A claim with no response after this long is taken to belong to a process that died mid-call. */
export const IDEMPOTENCY_LEASE_MS = 60 * 1000
const ATTEMPTS = 4

export type StoredResponse = { status: number, body: string }
/** A claim is held by its row and the time it was claimed: a takeover changes the time, so a late finisher cannot overwrite it. */
export type Claim = { id: string, claimedAt: Date }
export type ClaimResult = { kind: 'claimed', claim: Claim } | { kind: 'replay', response: StoredResponse }

type Target = { caller: string, key: string, fingerprint: string }

/**
 * Claims `key` for `caller` with an INSERT, so that of two calls with one key, on any instance,
 * exactly one runs: the other finds the row and replays its response, or is refused while it
 * runs. A row that expired, or whose claim outlived the lease without a response, is taken over
 * by a conditional update, which again only one caller wins.
 */
export async function claimIdempotencyKey (db: Db, secrets: SecretBox, target: Target, now: Date): Promise<ClaimResult> {
  const { caller, key, fingerprint } = target
  const expiresAt = new Date(now.getTime() + IDEMPOTENCY_TTL_MS)
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    try {
      const row = await db.svcIdempotencyKey.create({ data: { caller, key, fingerprint, claimedAt: now, expiresAt }, select: { id: true } })
      return { kind: 'claimed', claim: { id: row.id, claimedAt: now } }
    } catch (error) {
      if (!isUniqueViolation(error)) throw error
    }
    const row = await db.svcIdempotencyKey.findUnique({ where: { caller_key: { caller, key } } })
    // Released between our statements: claim it again.
    if (!row) continue
    const abandoned = row.status === null && now.getTime() - row.claimedAt.getTime() >= IDEMPOTENCY_LEASE_MS
    if (row.expiresAt <= now || abandoned) {
      const taken = await db.svcIdempotencyKey.updateMany({
        where: { id: row.id, claimedAt: row.claimedAt },
        data: { fingerprint, claimedAt: now, expiresAt, status: null, response: null },
      })
      if (taken.count === 1) return { kind: 'claimed', claim: { id: row.id, claimedAt: now } }
      continue
    }
    if (row.fingerprint !== fingerprint) throw idempotencyMismatch(key)
    if (row.status === null || row.response === null) throw idempotencyInProgress(key)
    return { kind: 'replay', response: { status: row.status, body: storedBody(secrets, row.id, key, row.response) } }
  }
  throw idempotencyInProgress(key)
}

function storedBody (secrets: SecretBox, rowId: string, key: string, sealed: string): string {
  try {
    return openResponse(secrets, rowId, sealed)
  } catch {
    // Running the call again could mint a second key; the operator restores the encryption key instead.
    throw secretUnavailable(`the stored response of Idempotency-Key ${key} cannot be opened with the configured encryption keys`)
  }
}

/** Stores the response under the claim, sealed, unless the claim was taken over meanwhile. */
export async function completeClaim (db: Db, secrets: SecretBox, claim: Claim, response: StoredResponse): Promise<void> {
  const sealed = sealResponse(secrets, claim.id, response.body)
  await db.svcIdempotencyKey.updateMany({ where: { id: claim.id, claimedAt: claim.claimedAt }, data: { status: response.status, response: sealed } })
}

/** Gives the key back, so a retry runs the operation: after a failure that was not the caller's. */
export async function releaseClaim (db: Db, claim: Claim): Promise<void> {
  await db.svcIdempotencyKey.deleteMany({ where: { id: claim.id, claimedAt: claim.claimedAt } })
}
