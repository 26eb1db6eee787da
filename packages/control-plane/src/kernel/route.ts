import type { ControlPlaneRuntime } from './runtime.ts'
import type { ResolvedOptions } from '../platform/settings/resolved-options.ts'
import type { HttpHandler } from '../platform/http/handler.ts'
import type { Identity } from '../platform/auth/identity.ts'
import type { DoorKind } from './pipeline/door.ts'
import type { SvcError } from '../platform/errors/errors.ts'

/**
 * The one shape of an HTTP handler in the control plane: it reads the request, answers through
 * the envelope helpers, and throws `SvcError`s, which the router turns into failure envelopes.
 */
export type Handler = HttpHandler<ControlPlaneRuntime>

/** The door a public route's request came in by, as the router hands it to the route. */
export type RouteDoor = {
  kind: DoorKind
  /** Who calls (an API key or the Admin UI session), within their rate limit; a refusal is audited as a call of `operation`. */
  caller: (operation: string) => Promise<Identity>
  /** Audits a request the route refused before it had an identity (a webhook's signature) as a call of `operation`. */
  refused: (operation: string, error: SvcError) => Promise<void>
}

/** A route a resource serves beside dispatch: a webhook, a public form, a page of the site. */
export type PublicRoute = {
  method: 'GET' | 'POST'
  /** An express path, under the namespace `{restRoot}/svc/v1` (e.g. `/ingest/:slug`) unless `site` is set. */
  path: string
  /**
   * Served from the site root (e.g. `/team/:userNum`) rather than the namespace: it answers in its own
   * format (an HTML page), and while its module is off, or for other methods, the request falls through to the host.
   * @default false
   */
  site?: boolean
  /**
   * Browser origins whose pages may call the route, besides the server's own (`'*'` for any); CORS
   * preflights are answered for them and any other `Origin` is refused. Without it, no CORS headers.
   * @default undefined
   */
  cors?: (options: ResolvedOptions) => readonly string[]
  /** Reads the body as bytes before the handler runs, up to this many bytes, or `maxBodyBytes` with `true`. @default false */
  body?: boolean | number
  handler: HttpHandler<ControlPlaneRuntime, [door: RouteDoor]>
}

/** A public route as the router mounts it: with the module whose switch gates it. */
export type MountedRoute = PublicRoute & { module: string }
