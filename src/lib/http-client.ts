/** A request to another system failed; the message says why without echoing credentials. */
export class DeliveryError extends Error {
  readonly status: number | null

  constructor (message: string, status: number | null = null) {
    super(message)
    this.name = 'DeliveryError'
    this.status = status
  }
}

export type RequestOptions = {
  headers?: Record<string, string>
  /** @default 10000 */
  timeoutMs?: number
}

export type GetJsonOptions = RequestOptions & {
  /** Largest answer read; a longer one is a DeliveryError. @default 4194304 */
  maxBytes?: number
}

const DEFAULT_TIMEOUT_MS = 10_000

/**
 * One request with a timeout and no redirects: following one would carry credential headers
 * (other than Authorization) to wherever the peer points. Errors name only the method and origin.
 */
async function send (method: string, url: string, init: RequestInit, timeoutMs: number): Promise<{ response: Response, label: string }> {
  const label = `${method} ${new URL(url).origin}`
  try {
    const response = await fetch(url, { ...init, method, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' })
    return { response, label }
  } catch (error) {
    throw new DeliveryError(`${label} ${failureReason(error, timeoutMs)}`)
  }
}

function failureReason (error: unknown, timeoutMs: number): string {
  if ((error as Error).name === 'TimeoutError') return `timed out after ${timeoutMs} ms`
  if (/redirect/i.test(String(((error as Error).cause as Error | undefined)?.message))) return 'answered with a redirect, which is not followed'
  return 'could not connect'
}

/**
 * POSTs a JSON body (sent exactly as given, so a signature over it stays valid) and resolves with
 * the response text on 2xx; anything else throws a DeliveryError for the outbox to retry.
 */
export async function postJson (url: string, body: string, options: RequestOptions = {}): Promise<string> {
  const { response, label } = await send('POST', url, {
    headers: { 'content-type': 'application/json', ...options.headers },
    body,
  }, options.timeoutMs ?? DEFAULT_TIMEOUT_MS)
  const text = await response.text()
  if (!response.ok) throw new DeliveryError(`${label} answered ${response.status}`, response.status)
  return text
}

async function readLimited (response: Response, maxBytes: number, label: string, timeoutMs: number): Promise<string> {
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    for await (const chunk of response.body ?? []) {
      size += chunk.byteLength
      if (size > maxBytes) throw new DeliveryError(`${label} answered more than ${maxBytes} bytes`)
      chunks.push(chunk)
    }
  } catch (error) {
    if (error instanceof DeliveryError) throw error
    throw new DeliveryError(`${label} ${failureReason(error, timeoutMs)}`)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * GETs a JSON document. A non-2xx status, a timeout, an unreachable host, an oversized or
 * non-JSON answer all throw a DeliveryError; the answer's body never becomes part of a message.
 */
export async function getJson (url: string, options: GetJsonOptions = {}): Promise<unknown> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const { response, label } = await send('GET', url, {
    headers: { accept: 'application/json', ...options.headers },
  }, timeoutMs)
  if (!response.ok) {
    await response.body?.cancel()
    throw new DeliveryError(`${label} answered ${response.status}`, response.status)
  }
  const text = await readLimited(response, options.maxBytes ?? 4 * 1024 * 1024, label, timeoutMs)
  try {
    return JSON.parse(text)
  } catch {
    throw new DeliveryError(`${label} answered ${response.status} with a body that is not JSON`, response.status)
  }
}
