import { randomUUID } from 'node:crypto'
import type { SecretBox } from '../../platform/secrets/secret-box.ts'
import { bindTo, sealedColumn } from '../../platform/secrets/sealed-column.ts'

/**
 * How long a 2025-era session lasts. Past it the session's requests are answered `404`, on which
 * the protocol has the client initialize again; a day bounds what a leaked id is worth.
 */
const SESSION_TTL_MS = 24 * 60 * 60 * 1000

/** What the `Mcp-Session-Id` carries: which session (to find its waiting question), what the client asked to speak, until when. */
type SessionState = { id: string, protocolVersion: string, expiresAt: number }

/** The session id is no column, but sealed as one: its associated data names the credential it was issued to. */
const SESSION = sealedColumn('mcp', 'legacy_session', 'credential')

/** A 2025-era session whose client declared form elicitation at `initialize`: the only sessions this endpoint issues. */
export type LegacySession = {
  /** Names the session on this instance (the question waiting in it). */
  id: string
  /** The `Mcp-Session-Id` the client sends, as issued. */
  header: string
  /** The revision the client's `initialize` asked for. */
  protocolVersion: string
}

/**
 * The `Mcp-Session-Id` of a 2025-era client that can ask its person: the session's state sealed
 * with AES-256-GCM under the site's keys and bound to the caller's credential. Every instance
 * opens it, so the session keeps nothing in memory and its requests may reach any instance;
 * another key cannot use it, and nobody can alter it or keep it past its day.
 */
export function issueLegacySession (secrets: SecretBox, credential: string, protocolVersion: string, now: Date): string {
  const state: SessionState = { id: randomUUID(), protocolVersion, expiresAt: now.getTime() + SESSION_TTL_MS }
  return secrets.seal(JSON.stringify(state), bindTo(SESSION, credential))
}

/** The session this caller was issued under `header`, still open; null for anything else. */
export function openLegacySession (secrets: SecretBox, credential: string, header: string, now: Date): LegacySession | null {
  let state: SessionState
  try {
    state = JSON.parse(secrets.open(header, bindTo(SESSION, credential))) as SessionState
  } catch {
    return null
  }
  if (!(state.expiresAt > now.getTime()) || typeof state.id !== 'string' || typeof state.protocolVersion !== 'string') return null
  return { id: state.id, header, protocolVersion: state.protocolVersion }
}
