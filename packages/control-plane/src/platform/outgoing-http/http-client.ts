import type { ReadableStream } from 'node:stream/web'
import type { RequestInit, Response } from 'undici'
import { DestinationRefused } from './destination-refused.ts'
import type { OutboundGuard } from './outbound-guard.ts'
import { outboundSpan } from './outbound-span.ts'

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
  /** Largest answer read; a longer one is a DeliveryError. @default 1048576 for POST, 4194304 for GET */
  maxBytes?: number
}

const DEFAULT_TIMEOUT_MS = 10_000

/**
 * One request through the outbound guard, with a timeout and no redirects: following one would
 * carry credential headers (other than Authorization) to wherever the peer points. Errors name
 * only the method and origin. It runs in a client span whose trace context rides in its headers.
 */
function send (guard: OutboundGuard, method: string, url: string, init: RequestInit & { headers: Record<string, string> }, timeoutMs: number): Promise<{ response: Response, label: string }> {
  const label = `${method} ${new URL(url).origin}`
  return outboundSpan(method, url, async headers => {
    try {
      const response = await guard.fetch(url, { ...init, headers, method, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' })
      return { response, label }
    } catch (error) {
      throw new DeliveryError(`${label} ${failureReason(error, timeoutMs)}`)
    }
  }, init.headers)
}

type ErrorLike = { name?: unknown, message?: unknown, cause?: unknown }

/** The error and its causes. Duck-typed: undici's abort reasons are DOMExceptions from another realm under some runners. */
function causes (error: unknown): ErrorLike[] {
  const chain: ErrorLike[] = []
  for (let current = error; typeof current === 'object' && current !== null && chain.length < 5; current = (current as ErrorLike).cause) {
    chain.push(current)
  }
  return chain
}

function failureReason (error: unknown, timeoutMs: number): string {
  const chain = causes(error)
  const refused = chain.find(cause => cause instanceof DestinationRefused)
  if (refused) return String(refused.message)
  if (chain.some(cause => cause.name === 'TimeoutError')) return `timed out after ${timeoutMs} ms`
  if (chain.some(cause => /redirect/i.test(String(cause.message)))) return 'answered with a redirect, which is not followed'
  return 'could not connect'
}

/** The answer's body as its bytes arrive; undici types its stream's chunks as any. */
const bodyBytes = (response: Response): AsyncIterable<Uint8Array> | Iterable<Uint8Array> => (response.body as ReadableStream<Uint8Array> | null) ?? []

async function readLimited (response: Response, maxBytes: number, label: string, timeoutMs: number): Promise<string> {
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    for await (const chunk of bodyBytes(response)) {
      size += chunk.byteLength
      if (size > maxBytes) throw new DeliveryError(`${label} answered more than ${maxBytes} bytes`)
      chunks.push(chunk)
    }
  } catch (error) {
    if (error instanceof DeliveryError) {
      await response.body?.cancel().catch(() => {})
      throw error
    }
    throw new DeliveryError(`${label} ${failureReason(error, timeoutMs)}`)
  }
  return Buffer.concat(chunks).toString('utf8')
}

async function refuseUnlessOk (response: Response, label: string): Promise<void> {
  if (response.ok) return
  await response.body?.cancel()
  throw new DeliveryError(`${label} answered ${response.status}`, response.status)
}

/** POSTs a JSON body exactly as given, so a signature over it stays valid. */
async function postBody (guard: OutboundGuard, url: string, body: string, options: RequestOptions) {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const sent = await send(guard, 'POST', url, { headers: { 'content-type': 'application/json', ...options.headers }, body }, timeoutMs)
  return { ...sent, timeoutMs }
}

/**
 * POSTs a JSON body and resolves with the response text on 2xx; anything else throws a
 * DeliveryError for the outbox to retry.
 */
export async function postJson (guard: OutboundGuard, url: string, body: string, options: RequestOptions = {}): Promise<string> {
  const { response, label, timeoutMs } = await postBody(guard, url, body, options)
  await refuseUnlessOk(response, label)
  return readLimited(response, options.maxBytes ?? 1024 * 1024, label, timeoutMs)
}

/** What a peer answered, whatever its status: the status and the start of its body. */
export type PeerAnswer = { status: number, excerpt: string }

/**
 * POSTs a JSON body like `postJson` and resolves with the answer for any status, reading at most
 * `maxBytes` of it; only a failure to get an answer (refused, unreachable, timed out) throws.
 */
export async function postForAnswer (guard: OutboundGuard, url: string, body: string, options: RequestOptions = {}): Promise<PeerAnswer> {
  const { response, label, timeoutMs } = await postBody(guard, url, body, options)
  const limit = options.maxBytes ?? 1024
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    for await (const chunk of bodyBytes(response)) {
      chunks.push(chunk)
      size += chunk.byteLength
      if (size >= limit) break
    }
  } catch (error) {
    throw new DeliveryError(`${label} ${failureReason(error, timeoutMs)}`, response.status)
  } finally {
    await response.body?.cancel().catch(() => {})
  }
  return { status: response.status, excerpt: Buffer.concat(chunks).subarray(0, limit).toString('utf8') }
}

/**
 * GETs a JSON document. A non-2xx status, a timeout, an unreachable host, an oversized or
 * non-JSON answer all throw a DeliveryError; the answer's body never becomes part of a message.
 */
export async function getJson (guard: OutboundGuard, url: string, options: RequestOptions = {}): Promise<unknown> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const { response, label } = await send(guard, 'GET', url, {
    headers: { accept: 'application/json', ...options.headers },
  }, timeoutMs)
  await refuseUnlessOk(response, label)
  const text = await readLimited(response, options.maxBytes ?? 4 * 1024 * 1024, label, timeoutMs)
  try {
    return JSON.parse(text)
  } catch {
    throw new DeliveryError(`${label} answered ${response.status} with a body that is not JSON`, response.status)
  }
}
