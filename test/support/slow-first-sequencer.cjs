// Jest starts the files it has no timing for by size, so on a fresh clone (CI) a long file could
// start last and run alone at the end while the other worker idles. The files measured slowest
// (docs/testing.md "Where the time goes") start first; the rest follow in Jest's own order, which
// uses the timings of earlier runs where it has them.
const Sequencer = require('@jest/test-sequencer').default

const SLOWEST_FIRST = [
  'starter-host.e2e.test.ts',
  'second-host.e2e.test.ts',
  'leads-verify-ledger-100k.test.ts',
  'cli.test.ts',
  'hostile-input.test.ts',
  'admin-ui.e2e.test.ts',
  'leads-export-memory.test.ts',
  'oauth.e2e.test.ts',
  'built-server.test.ts',
  'host-accounts.test.ts',
  'docs-snippets.test.ts',
  'lead-graphql.test.ts',
  'sign-in-throttle.test.ts',
  'content-sanitizing.test.ts',
  'content-ingest-prepared.test.ts',
]

const rank = test => {
  const index = SLOWEST_FIRST.findIndex(name => test.path.endsWith(`/test/${name}`))
  return index === -1 ? SLOWEST_FIRST.length : index
}

class SlowestFirstSequencer extends Sequencer {
  sort (tests) {
    const ordered = super.sort(tests)
    return [...ordered].sort((a, b) => rank(a) - rank(b))
  }
}

module.exports = SlowestFirstSequencer
