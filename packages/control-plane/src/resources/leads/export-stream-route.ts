import { z } from 'zod'
import type { Request, Response } from 'express'
import type { ControlPlaneRuntime } from '../../runtime.ts'
import type { PublicRoute } from '../../http/route.ts'
import { authorize } from '../../http/authorize.ts'
import { auditRefusedCall, findOperation } from '../../http/execute.ts'
import { requestIdOf } from '../../http/request-id.ts'
import { toSvcError } from '../../http/envelope.ts'
import { recordSafely } from '../../audit/record-safely.ts'
import { assertCapability, describeIssues } from '../../registry/run-operation.ts'
import { invalidParams, SvcError } from '../../errors.ts'
import { sinceParam } from '../../lib/since.ts'
import type { CursorKey } from '../../lib/cursor.ts'
import { readLedgerPage } from './ledger-page.ts'

/** Rows read per round trip: the memory the stream holds, whatever the ledger's size. */
const STREAM_PAGE = 1000

const streamQuery = z.strictObject({ since: sinceParam.optional() })

/** Resolves when the socket takes more, or is gone; leaves no listener behind either way. */
function drained (res: Response): Promise<void> {
  return new Promise(resolve => {
    const done = () => {
      res.off('drain', done)
      res.off('close', done)
      resolve()
    }
    res.on('drain', done)
    res.on('close', done)
  })
}

function parseQuery (query: Request['query']): { since?: Date | undefined } {
  const parsed = streamQuery.safeParse(query)
  if (!parsed.success) throw invalidParams('invalid query for the leads export: send at most since, once', { issues: describeIssues(parsed.error.issues) })
  return parsed.data
}

/**
 * `GET {base}/leads/export.ndjson?since=…`: the whole ledger as JSON lines (the rows of
 * `leads.export`), read a page at a time and written as the client takes them, so memory stays
 * flat in the number of rows. Authorized and audited as `leads.export` through the route door.
 * A failure after the first byte aborts the response, so a truncated export never looks complete.
 */
async function streamLedger (runtime: ControlPlaneRuntime, req: Request, res: Response): Promise<void> {
  const door = { channel: 'route' as const, operation: 'leads.export' }
  const identity = await authorize(runtime, req, res, door)
  const started = performance.now()
  const call = { resource: 'leads', action: 'export', params: req.query, confirmed: false, channel: 'route' as const, requestId: requestIdOf(res) }
  let since: Date | undefined
  try {
    assertCapability(runtime, identity, findOperation(runtime, identity, 'leads', 'export'))
    since = parseQuery(req.query).since
  } catch (error) {
    if (error instanceof SvcError) await auditRefusedCall(runtime, identity, call, error, started)
    throw error
  }
  res.status(200).type('application/x-ndjson')
  const source = { db: runtime.db, adapter: runtime.options.hostAdapter?.current, provider: runtime.options.databaseProvider }
  let after: CursorKey | null = null
  let failure: SvcError | null = null
  try {
    for (;;) {
      const { rows, keys } = await readLedgerPage(source, { since, after, take: STREAM_PAGE })
      if (rows.length === 0) break
      const chunk = rows.map(row => JSON.stringify(row)).join('\n') + '\n'
      if (!res.write(chunk)) await drained(res)
      if (res.destroyed) break
      after = keys.at(-1)!
      if (rows.length < STREAM_PAGE) break
    }
    res.end()
  } catch (error) {
    failure = toSvcError(error, runtime.log)
    res.destroy()
  }
  await recordSafely(runtime, {
    operation: 'leads.export',
    channel: 'route',
    identity,
    ok: failure === null,
    changed: false,
    code: failure?.code ?? null,
    durationMs: performance.now() - started,
    params: req.query,
    requestId: call.requestId,
  })
}

export const leadsExportStream: PublicRoute = { method: 'GET', path: '/leads/export.ndjson', handler: streamLedger }
