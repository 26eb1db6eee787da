import { AsyncLocalStorage } from 'node:async_hooks'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Provider } from 'oidc-provider'

// oidc-provider's request context: an internal module (the package has no exports map and no type
// for it), pinned with the package's major.
const REQUEST_CONTEXT_MODULE = 'oidc-provider/lib/helpers/als.js'

/** Serves one request with the provider, as its `callback()` does. */
export type ProviderRequests = (req: IncomingMessage, res: ServerResponse) => Promise<void>

/**
 * The provider's request handler, leaving the site's promises alone once no request is inside it.
 * oidc-provider runs each request inside an AsyncLocalStorage it never leaves; before Node 24 a
 * store once entered keeps async hooks on for every promise of the process, so from the first
 * OAuth request on every request of the site would pay (2.5× on promise-heavy code, measured with
 * previews, docs/performance.md). The store is disabled when the last request inside the provider
 * ends; the next one enters it anew (AsyncLocalStorage's `run` enables it again). An
 * oidc-provider that keeps its context elsewhere (`contextModule` not found, or no store) is
 * served as its own `callback()` serves it, at that cost, rather than not at all.
 */
export async function providerRequests (provider: Provider, contextModule = REQUEST_CONTEXT_MODULE): Promise<ProviderRequests> {
  const handle = provider.callback()
  const requestContext = await import(contextModule).then(
    (loaded: { default?: unknown }) => loaded.default instanceof AsyncLocalStorage ? loaded.default : null,
    () => null,
  )
  if (requestContext === null) return async (req, res) => { await handle(req, res) }
  let inside = 0
  return async (req, res) => {
    inside += 1
    res.once('close', () => {
      inside -= 1
      if (inside === 0) requestContext.disable()
    })
    await handle(req, res)
  }
}
