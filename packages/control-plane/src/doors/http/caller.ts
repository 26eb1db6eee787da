import type { Request, Response } from 'express'
import type { ControlPlaneRuntime } from '../../kernel/runtime.ts'
import type { RouteDoor } from '../../kernel/route.ts'
import type { DoorKind } from '../../kernel/pipeline/door.ts'
import { authorize, type BrowserRequest, type Credential } from '../../kernel/pipeline/authorize.ts'
import { auditRefusedAuthentication } from '../../kernel/pipeline/refused-authentication.ts'
import { requestIdOf } from '../../platform/http/request-id.ts'
import { rateLimitHeadersOn } from '../../platform/http/rate-limit-headers.ts'

/** What of a browser's request decides whether its session may write (`assertSameSite`). */
export const browserRequestOf = (req: Request): BrowserRequest =>
  ({ method: req.method, json: Boolean(req.is('application/json')), origin: req.get('origin'), host: req.get('host') })

/** The id of the host account signed in to the Admin UI on this request, or null. */
export async function sessionAccountId (runtime: ControlPlaneRuntime, req: Request, res: Response): Promise<string | null> {
  const session = (await runtime.keystone.withRequest(req, res)).session as { itemId?: string | number, listKey?: string } | undefined
  if (session?.itemId == null || session.itemId === '') return null
  // A host may sign in more than one list; only its accounts list holds control-plane roles.
  if (session.listKey !== undefined && session.listKey !== runtime.options.host.accounts.list) return null
  return String(session.itemId)
}

/**
 * The credential an HTTP request carries, read and nothing checked: the `Authorization` header,
 * and, where the door takes it (`session`), the Admin UI session, read only when no header came.
 * Reading the session is Keystone's, over the request itself, so it stays in the door.
 */
function credentialOf (runtime: ControlPlaneRuntime, req: Request, res: Response, session: boolean): Credential {
  const authorization = req.get('authorization')
  return {
    authorization,
    // A session counts only when no header came (`authenticate`): nothing of it is read otherwise.
    session: session && authorization === undefined ? { accountId: () => sessionAccountId(runtime, req, res), request: browserRequestOf(req) } : undefined,
    clientAddress: () => runtime.options.clientAddress(req),
  }
}

/**
 * Who calls this HTTP door (an API key, an OAuth token, or with `session` the Admin UI's session),
 * as the kernel decides it, with the `RateLimit-*` headers set; a refusal is audited as a call of
 * `operation` through `door`.
 */
export function authorizeRequest (runtime: ControlPlaneRuntime, req: Request, res: Response, door: DoorKind, operation: string, session = true) {
  return authorize(runtime, { credential: credentialOf(runtime, req, res, session), door, operation, requestId: requestIdOf(res), standing: rateLimitHeadersOn(res) })
}

/** The door a public route's request came in by, handed to the route by the router. */
export const routeDoorOf = (runtime: ControlPlaneRuntime, req: Request, res: Response, kind: DoorKind): RouteDoor =>
  ({
    kind,
    caller: operation => authorizeRequest(runtime, req, res, kind, operation),
    refused: (operation, error) => auditRefusedAuthentication(runtime, { credential: credentialOf(runtime, req, res, false), door: kind, operation, requestId: requestIdOf(res) }, error),
  })
