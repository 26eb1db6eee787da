import { eventHash, GENESIS_HASH } from '../../packages/control-plane/src/resources/leads/chain.ts'

const SOURCES = ['contact_form', 'fair', 'web']

type SeededEvent = { seq: number, type: string, at: Date, data: unknown, prevHash: string, hash: string }
type SeededLead = { ref: string, source: string, email: string, firstSeen: Date, events: SeededEvent[], headHash: string }

/**
 * The `n`-th lead of a seeded ledger, captured `spacingMs` after the one before it from `epochMs`,
 * with two events chained as the capture path hashes them. Their data holds what canonical JSON
 * must get right (non-ASCII, quotes, U+2028, a fraction), so a verification of seeded leads
 * checks it. The bench (bench/support/growth-seed.ts) and the tests (test/support/ledger-seed.ts) seed with it.
 */
export function seededLead (n: number, epochMs: number, spacingMs: number): SeededLead {
  const ref = `L${String(n).padStart(8, '0')}`
  const source = SOURCES[n % SOURCES.length]!
  const email = `lead-${n}@example.test`
  const firstSeen = new Date(epochMs + n * spacingMs)
  const unchained = [
    { seq: 1, type: 'captured', at: firstSeen, data: { source, email, attribution: { utm: { source: 'x', medium: n % 2 === 0 ? 'cpc' : null } } } },
    { seq: 2, type: 'status_changed', at: new Date(firstSeen.getTime() + spacingMs / 2), data: { from: 'New', to: 'Contacted', note: `Ünïcödé ${n} "quoted" \u2028`, n: n / 7 } },
  ]
  let prevHash = GENESIS_HASH
  const events = unchained.map(event => {
    const hash = eventHash(prevHash, { lead: ref, ...event })
    const chained = { ...event, prevHash, hash }
    prevHash = hash
    return chained
  })
  return { ref, source, email, firstSeen, events, headHash: prevHash }
}
