/**
 * `npm run test:conformance`: the official MCP conformance suite (`@modelcontextprotocol/conformance`,
 * pinned in package.json) against the demo host on a fresh SQLite database, with the suite's fixture
 * tools, resources and prompts installed as a resource of the test host's (diagnostic-resource.ts) — the server scenarios
 * of the 2026-07-28 and 2025-11-25 requirement sets and the authorization server's metadata
 * scenario. A scenario listed in `expected-failures-{revision}.yaml` (each with its reason; docs/mcp.md has
 * the table) may fail; any other failure, or an expected one that now passes, fails the run.
 * The suite needs Node 22 or later (`fs.globSync`): SVC_CONFORMANCE_NODE names that node when the
 * one running this is older (.ci/run passes its Node 24).
 */
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { randomBytes } from 'node:crypto'
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { rmSync } from 'node:fs'
import path from 'node:path'
import { startHostProcess } from '../support/host-process.ts'
import { createAccount } from '../support/accounts.ts'
import { openPrisma } from '../support/database.ts'
import { resolveDatabase } from '../../packages/control-plane/src/platform/db/database-url.ts'
import { migrate } from '../../packages/control-plane/src/platform/db/migrate.ts'

const SUITE = path.join(path.dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/conformance/package.json')), 'dist/index.js')
const expectedFailures = (revision: string) => `test/conformance/expected-failures-${revision}.yaml`
const node = process.env.SVC_CONFORMANCE_NODE?.trim() || process.execPath

/**
 * The suite's client sends no credentials: this front adds the key, as an MCP client's
 * configuration (`headers`) would, and passes everything else through, event streams included.
 */
function withKey (upstreamOf: () => { target: URL, key: string }) {
  return createServer((req: IncomingMessage, res: ServerResponse) => {
    const { target, key } = upstreamOf()
    const upstream = request({
      host: target.hostname,
      port: target.port,
      method: req.method,
      path: req.url,
      headers: { ...req.headers, authorization: `Bearer ${key}` },
    }, answer => {
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
    })
    upstream.on('error', () => { if (!res.headersSent) res.writeHead(502); res.end() })
    req.pipe(upstream)
    res.on('close', () => upstream.destroy())
  })
}

function runSuite (args: string[]): Promise<number> {
  return new Promise(resolve => {
    const child = spawn(node, [SUITE, ...args], { stdio: 'inherit' })
    child.once('exit', code => resolve(code ?? 1))
  })
}

const started = Date.now()
// The front listens first: the site's address (SITE_URL, its OAuth issuer) is the front's.
const upstream: { current?: { target: URL, key: string } } = {}
const front = withKey(() => upstream.current!)
await new Promise<void>(resolve => front.listen(0, '127.0.0.1', resolve))
// `localhost`: the suite's DNS-rebinding scenario sends other Host names to this one.
const origin = `http://localhost:${(front.address() as AddressInfo).port}`
const url = `file:./var/test/conformance-${randomBytes(4).toString('hex')}.db`
await migrate(resolveDatabase(url))
const db = openPrisma(url)
const host = await startHostProcess({
  DATABASE_URL: url,
  SITE_URL: origin,
  SVC_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  SESSION_SECRET: randomBytes(32).toString('hex'),
  // The suite sends its scenarios as fast as it can.
  SVC_RATE_LIMIT_PER_MINUTE: '100000',
}, 'test/conformance/host-main.ts')
upstream.current = { target: new URL(host.url), key: (await createAccount(db)).key }
// Kept for reading what a check saw: each scenario's checks.json.
const output = 'var/test/conformance-results'
rmSync(output, { recursive: true, force: true })
let failed = 0
try {
  for (const revision of ['2026-07-28', '2025-11-25']) {
    console.log(`== MCP conformance: server scenarios required by ${revision}`)
    const code = await runSuite(['server', '--url', `${origin}/api/svc/v1/mcp`, '--requirements', revision, '--expected-failures', expectedFailures(revision), '-o', path.join(output, revision)])
    if (code !== 0) failed++
  }
  console.log('== MCP conformance: authorization server metadata')
  if (await runSuite(['authorization', '--url', origin, '--scenario', 'authorization-server-metadata-endpoint', '-o', path.join(output, 'authorization')]) !== 0) failed++
} finally {
  front.close()
  await host.stop()
  await db.$disconnect()
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${resolveDatabase(url).url.replace(/^file:/, '')}${suffix}`, { force: true })
}
console.log(`== MCP conformance: ${failed === 0 ? 'as expected' : `${failed} run(s) differ from test/conformance/expected-failures-*.yaml`} (${Math.round((Date.now() - started) / 1000)} s)`)
process.exit(failed === 0 ? 0 : 1)
