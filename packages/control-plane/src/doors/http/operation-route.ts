import type { Request, Response } from 'express'
import type { ControlPlaneRuntime } from '../../kernel/runtime.ts'
import { authorizeRequest } from './caller.ts'
import { ROUTE_DOOR } from './doors.ts'
import { parseJsonBody } from '../../platform/http/body.ts'
import { executeDispatch } from './execute.ts'
import { previewOrPlan } from './dispatch-route.ts'
import { queryFlag } from './query-flag.ts'

/**
 * `POST {base}/manage/{resource}/{action}` — one route per operation, the form the OpenAPI
 * document describes. The JSON body is the params object (`confirm: true` inside it for a
 * destructive operation); no body is no params. `?preview` previews the call, `?plan=<token>`
 * applies a preview's plan. Everything else is dispatch's.
 */
export async function operationRoute (runtime: ControlPlaneRuntime, req: Request, res: Response): Promise<void> {
  const resource = String(req.params.resource)
  const action = String(req.params.action)
  const identity = await authorizeRequest(runtime, req, res, ROUTE_DOOR, `${resource}.${action}`)
  const params = parseJsonBody(req.body) ?? {}
  const intent = previewOrPlan(queryFlag(req.query.preview), req.query.plan)
  await executeDispatch(runtime, identity, { resource, action, params, confirm: false, ...intent, door: ROUTE_DOOR, idempotencyKey: req.get('idempotency-key') }, res)
}
