import type { ResolvedOptions } from '../settings/resolved-options.ts'

/** Where the authorization server sends a person to sign in and consent (doors/oauth/routes.ts). */
export const INTERACTION_PATH = '/oauth/interaction'

/** The origin the authorization server and the protected resources are named under. */
export const originOf = (options: Pick<ResolvedOptions, 'siteUrl'>): string => new URL(options.siteUrl).origin

/**
 * The protected resources a token may be bound to: the API namespace and the MCP endpoint. Both
 * are one resource server, so a token issued for either is accepted by every door of this site
 * and refused by another site's.
 */
export function resourceUrls (options: Pick<ResolvedOptions, 'siteUrl' | 'basePath'>): { namespace: string, mcp: string } {
  const namespace = `${originOf(options)}${options.basePath}`
  return { namespace, mcp: `${namespace}/mcp` }
}

/** RFC 9728: the metadata of a resource lives at the well-known path followed by the resource's path. */
export const protectedResourceMetadataUrl = (resource: string): string => {
  const url = new URL(resource)
  return `${url.origin}/.well-known/oauth-protected-resource${url.pathname}`
}
