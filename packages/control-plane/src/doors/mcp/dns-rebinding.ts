import type { NextFunction, Request, RequestHandler, Response } from 'express'
import { validateHostHeader, validateOriginHeader } from '@modelcontextprotocol/server'
import type { ResolvedOptions } from '../../platform/settings/resolved-options.ts'
import { forbidden } from '../../platform/errors/errors.ts'

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]']

/** The site's own host name, loopback, and the ones the host adds (`mcpAllowedHosts`). */
export function allowedHostnames (options: Pick<ResolvedOptions, 'siteUrl' | 'mcpAllowedHosts'>): string[] {
  return [...new Set([new URL(options.siteUrl).hostname, ...LOOPBACK, ...options.mcpAllowedHosts])]
}

/**
 * Against DNS rebinding, as the MCP transport asks: a page on another site that gets its name
 * resolved to this server still sends its own name in `Host` and, from a browser, in `Origin`
 * (both checked port-agnostic by the SDK's validators; a request without `Origin` is no browser's).
 */
export function dnsRebindingGuard (hostnames: string[]): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    const host = validateHostHeader(req.get('host'), hostnames)
    if (!host.ok) return next(forbidden(`requests for the host ${req.get('host') ?? '(none)'} are not accepted here`))
    const origin = validateOriginHeader(req.get('origin'), hostnames)
    if (!origin.ok) return next(forbidden(`requests from the origin ${req.get('origin')} are not accepted here`))
    next()
  }
}
