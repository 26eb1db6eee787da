import type { AsyncLocalStorage } from 'node:async_hooks'
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
 * ends; the next one enters it anew (AsyncLocalStorage's `run` enables it again).
 */
export async function providerRequests (provider: Provider): Promise<ProviderRequests> {
  const { default: requestContext } = await import(REQUEST_CONTEXT_MODULE) as { default: AsyncLocalStorage<unknown> }
  const handle = provider.callback()
  let inside = 0
  return async (req, res) => {
    inside += 1
    let left = false
    res.once('close', () => {
      if (left) return
      left = true
      inside -= 1
      if (inside === 0) requestContext.disable()
    })
    await handle(req, res)
  }
}
