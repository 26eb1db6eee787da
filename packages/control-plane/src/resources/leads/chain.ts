import { hash } from 'node:crypto'
import { canonicalJson } from '../../platform/lib/canonical-json.ts'

/** The `prev_hash` of a lead's first event. */
export const GENESIS_HASH = '0'.repeat(64)

/** What an event's hash covers. The lead's ref is included so an event cannot be moved to another lead. */
export type ChainedEvent = { lead: string, seq: number, type: string, at: Date, data: unknown }

export type StoredEvent = { seq: number, type: string, at: Date, data: unknown, prevHash: string, hash: string }

export type ChainHead = { ref: string, eventCount: number, headHash: string }

export type ChainReport = { ok: boolean, count: number, broken_at: number | null }

/**
 * SHA-256 over the previous hash followed by the RFC 8785 canonical JSON of
 * `{lead, seq, type, at, data}`; lower-case hex. The envelope's keys are written in their
 * canonical order by hand (at, data, lead, seq, type; `seq` an integer, the rest strings), so only
 * `data` is walked: a verify hashes every event of the ledger. `crypto.hash` is the one-shot form.
 */
export function eventHash (prevHash: string, event: ChainedEvent): string {
  const canonical = '{"at":' + JSON.stringify(event.at.toISOString()) + ',"data":' + canonicalJson(event.data ?? null) +
    ',"lead":' + JSON.stringify(event.lead) + ',"seq":' + canonicalJson(event.seq) + ',"type":' + JSON.stringify(event.type) + '}'
  return hash('sha256', prevHash + canonical, 'hex')
}

const hashAt = (events: readonly StoredEvent[], position: number) => events[position - 1]!.hash

/**
 * The 1-based position of the first event that does not match, or null; `events` sorted by seq.
 * The first `trusted` events were verified before (a checkpoint): their stored hashes are taken as they are.
 */
function firstBreak (head: ChainHead, events: readonly StoredEvent[], trusted = 0): number | null {
  let prevHash = GENESIS_HASH
  for (const [index, event] of events.entries()) {
    const position = index + 1
    if (position <= trusted) {
      prevHash = event.hash
      continue
    }
    const expected = eventHash(prevHash, { lead: head.ref, seq: position, type: event.type, at: event.at, data: event.data })
    if (event.seq !== position || event.prevHash !== prevHash || event.hash !== expected) return position
    prevHash = expected
  }
  // Every stored event links up; the lead's own record of the chain catches a removed or added tail.
  if (events.length < head.eventCount) return events.length + 1
  if (head.eventCount > 0 && hashAt(events, head.eventCount) !== head.headHash) return head.eventCount
  if (events.length > head.eventCount) return head.eventCount + 1
  return null
}

/** Recomputes every link of a lead's chain and compares the end with what the lead recorded. */
export function verifyChain (head: ChainHead, events: readonly StoredEvent[], trusted = 0): ChainReport {
  const brokenAt = firstBreak(head, events, trusted)
  return { ok: brokenAt === null, count: events.length, broken_at: brokenAt }
}
