import { z } from 'zod'
import type { Request, Response } from 'express'
import type { ControlPlaneRuntime } from '../../kernel/runtime.ts'
import type { PublicRoute, RouteDoor } from '../../kernel/route.ts'
import { requestIdOf } from '../../platform/http/request-id.ts'
import { sendFailure } from '../../platform/http/envelope.ts'
import { callOperation } from '../../kernel/pipeline/call-operation.ts'
import { invalidParamsFromZod } from '../../platform/errors/zod-issues.ts'
import { sinceParam } from '../../platform/lib/since.ts'
import type { CursorKey } from '../../platform/lib/cursor.ts'
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
  if (!parsed.success) throw invalidParamsFromZod('invalid query for the leads export: send at most since, once', parsed.error.issues, { list: 'none' })
  return parsed.data
}

async function writeLedger (runtime: ControlPlaneRuntime, since: Date | undefined, res: Response): Promise<void> {
  const source = { db: runtime.db, adapter: runtime.options.hostAdapter?.current, provider: runtime.options.databaseProvider }
  let after: CursorKey | null = null
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
}

/**
 * `GET {base}/leads/export.ndjson?since=…`: the whole ledger as JSON lines (the rows of
 * `leads.export`), read a page at a time and written as the client takes them, so memory stays
 * flat in the number of rows. A door of `leads.export` (the route channel) whose result is the
 * stream; the pipeline checks and audits it. A failure once the stream began aborts the
 * response, so a truncated export never looks complete.
 */
async function streamLedger (runtime: ControlPlaneRuntime, req: Request, res: Response, door: RouteDoor): Promise<void> {
  const identity = await door.caller('leads.export')
  let streaming = false
  const answer = await callOperation(runtime, identity, { resource: 'leads', action: 'export', params: req.query, confirm: false, door: door.kind, requestId: requestIdOf(res), traceCarrier: req.headers }, {
    frame: () => { throw new Error('the leads export stream is never stored for a repeat') },
    run: async () => {
      const { since } = parseQuery(req.query)
      res.status(200).type('application/x-ndjson')
      streaming = true
      await writeLedger(runtime, since, res)
      return { data: null, changed: false }
    },
  })
  if (answer.replayed || answer.outcome.ok) return
  if (streaming) res.destroy()
  else sendFailure(res, answer.outcome.error)
}

export const leadsExportStream: PublicRoute = { method: 'GET', path: '/leads/export.ndjson', handler: streamLedger }
