import type { NextFunction, Request, RequestHandler, Response } from 'express'
import { hostHeaderValidation } from '@modelcontextprotocol/sdk/server/middleware/hostHeaderValidation.js'
import type { ResolvedOptions } from '../options.ts'
import { forbidden } from '../errors.ts'

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]']

/** The site's own host name, loopback, and the ones the host adds (`mcpAllowedHosts`). */
export function allowedHostnames (options: Pick<ResolvedOptions, 'siteUrl' | 'mcpAllowedHosts'>): string[] {
  return [...new Set([new URL(options.siteUrl).hostname, ...LOOPBACK, ...options.mcpAllowedHosts])]
}

function originValidation (hostnames: readonly string[]): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    const origin = req.get('origin')
    if (origin === undefined) return next()
    const hostname = URL.canParse(origin) ? new URL(origin).hostname : null
    if (hostname !== null && hostnames.includes(hostname)) return next()
    next(forbidden(`requests from the origin ${origin} are not accepted here`))
  }
}

/**
 * Against DNS rebinding, as the MCP transport asks: a page on another site that gets its name
 * resolved to this server still sends its own name in `Host` (checked by the SDK's middleware,
 * port-agnostic) and, from a browser, in `Origin`.
 */
export function dnsRebindingGuard (hostnames: string[]): RequestHandler[] {
  return [hostHeaderValidation(hostnames), originValidation(hostnames)]
}
