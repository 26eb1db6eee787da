import type { Identity } from '../auth/identity.ts'
import { badRequest } from '../errors/errors.ts'
import { canonicalJson } from '../lib/canonical-json.ts'
import { sha256Hex } from '../lib/sha256.ts'

/** 1–255 printable ASCII characters, as Stripe takes them: room for a UUID or a job id with a prefix. */
const WELL_FORMED = /^[\x20-\x7e]{1,255}$/

export function assertWellFormedKey (key: string): void {
  if (!WELL_FORMED.test(key)) throw badRequest('Idempotency-Key must be 1 to 255 printable ASCII characters')
}

/** Keys are per caller: one key's (or one session account's) keys never collide with another's. */
export const callerOf = (identity: Identity): string => identity.keyId
  ? `key:${identity.keyId}`
  : identity.clientId ? `oauth:${identity.clientId}:${identity.account.id}` : `account:${identity.account.id}`

/**
 * What a key stands for. The door's response format is part of it, so a key used over HTTP is
 * never replayed as an MCP tool result, or the other way round.
 */
export type CallFingerprint = { format: string, resource: string, action: string, params: unknown, confirm: boolean }

export const fingerprintOf = (call: CallFingerprint): string => sha256Hex(canonicalJson({ ...call, params: call.params ?? {} }))
