import { randomUUID } from 'node:crypto'
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server'
import type { SecretBox } from '../../platform/secrets/secret-box.ts'
import { bindTo, sealedColumn } from '../../platform/secrets/sealed-column.ts'
import { canonicalJson } from '../../platform/lib/canonical-json.ts'
import { sha256Hex } from '../../platform/lib/sha256.ts'

/** How long a person has to answer a confirmation before the question must be asked again. */
export const CONFIRMATION_TTL_MS = 5 * 60 * 1000

/** The state sealed into `requestState`: bound, by the seal, to the caller's credential. */
type ConfirmationState = { tool: string, args: string, nonce: string, expiresAt: number }

/** The state is no column, but sealed as one: its associated data names the credential it was asked for. */
const STATE = sealedColumn('mcp', 'confirmation_request_state', 'credential')

const argsDigest = (args: Record<string, unknown>): string => sha256Hex(canonicalJson(args))

/**
 * The `requestState` of a confirmation question: the tool, a digest of its arguments, a one-time
 * nonce and an expiry, sealed with AES-256-GCM under the secret box's keys and bound to the
 * caller's credential, so the client can neither read, alter, reuse for other arguments or another
 * key, nor keep it past its few minutes. Every instance holding the keys opens it.
 */
export function sealConfirmationState (secrets: SecretBox, credential: string, tool: string, args: Record<string, unknown>, now: Date): string {
  const state: ConfirmationState = { tool, args: argsDigest(args), nonce: randomUUID(), expiresAt: now.getTime() + CONFIRMATION_TTL_MS }
  return secrets.seal(JSON.stringify(state), bindTo(STATE, credential))
}

/**
 * The nonce of a state this caller was given for this very call, still fresh; anything else is
 * refused as the protocol asks (`-32602`), before anything runs.
 */
export function openConfirmationState (secrets: SecretBox, credential: string, sealed: string, tool: string, args: Record<string, unknown>, now: Date): string {
  let state: ConfirmationState
  try {
    state = JSON.parse(secrets.open(sealed, bindTo(STATE, credential))) as ConfirmationState
  } catch {
    throw invalidState()
  }
  if (state.tool !== tool || state.args !== argsDigest(args) || !(state.expiresAt > now.getTime()) || typeof state.nonce !== 'string') throw invalidState()
  return state.nonce
}

const invalidState = () => new ProtocolError(ProtocolErrorCode.InvalidParams, 'Invalid or expired requestState', { reason: 'invalid_request_state' })
