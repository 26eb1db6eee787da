import type { Request, Response } from 'express'

/**
 * The one shape of an HTTP handler in the control plane, for the runtime it is given: it reads the
 * request, answers through the envelope helpers, and throws `SvcError`s, which the router turns
 * into failure envelopes. `Extra`: what its caller hands it besides (a public route gets its door).
 */
export type HttpHandler<Runtime, Extra extends unknown[] = []> = (runtime: Runtime, req: Request, res: Response, ...extra: Extra) => Promise<void>
