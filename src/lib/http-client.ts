/** A delivery to another system failed; the message says why without echoing credentials. */
export class DeliveryError extends Error {
  readonly status: number | null

  constructor (message: string, status: number | null = null) {
    super(message)
    this.name = 'DeliveryError'
    this.status = status
  }
}

export type PostJsonOptions = {
  headers?: Record<string, string>
  /** @default 10000 */
  timeoutMs?: number
}

/**
 * POSTs a JSON body (sent exactly as given, so a signature over it stays valid) and resolves with
 * the response text on 2xx; anything else throws a DeliveryError for the outbox to retry.
 */
export async function postJson (url: string, body: string, options: PostJsonOptions = {}): Promise<string> {
  let response: Response
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...options.headers },
      body,
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      redirect: 'error',
    })
  } catch (error) {
    const reason = (error as Error).name === 'TimeoutError' ? 'timed out' : 'could not connect'
    throw new DeliveryError(`POST ${new URL(url).origin} ${reason}`)
  }
  const text = await response.text()
  if (!response.ok) throw new DeliveryError(`POST ${new URL(url).origin} answered ${response.status}`, response.status)
  return text
}
