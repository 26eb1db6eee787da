import type { AdminPage, ManifestEntry } from '../../src/registry/manifest.ts'

/** Where the control plane answers: the host's REST root `/api` and the namespace `svc/v1`. */
export const SVC_BASE = '/api/svc/v1'

export type Manifest = { namespace: string, product_version: string, operations: ManifestEntry[], admin_pages: AdminPage[] }

export type SvcSuccess<Data> = { ok: true, data: Data, changed: boolean, error: null }
export type SvcFailure = { ok: false, data: null, changed: boolean, error: string, code: string, details?: unknown }

/** A response as the page received it: the envelope, and the HTTP status it came with (0: no response). */
export type SvcResponse<Data> = (SvcSuccess<Data> | SvcFailure) & { status: number }

export type DispatchRequest = {
  resource: string
  action: string
  params?: Record<string, unknown>
  confirm?: boolean
}

/** A failed call, for code that only wants the data. */
export class SvcCallError extends Error {
  readonly response: SvcFailure & { status: number }

  constructor (response: SvcFailure & { status: number }) {
    super(response.error)
    this.name = 'SvcCallError'
    this.response = response
  }
}

function isEnvelope (body: unknown): body is SvcSuccess<unknown> | SvcFailure {
  return typeof body === 'object' && body !== null && typeof (body as { ok?: unknown }).ok === 'boolean'
}

function failure (status: number, code: string, error: string): SvcFailure & { status: number } {
  return { ok: false, data: null, changed: false, error, code, status }
}

async function request<Data> (path: string, init: RequestInit): Promise<SvcResponse<Data>> {
  let response: Response
  try {
    response = await fetch(`${SVC_BASE}${path}`, { credentials: 'same-origin', ...init })
  } catch (error) {
    return failure(0, 'network_error', `the control plane could not be reached: ${(error as Error).message}`)
  }
  const body: unknown = await response.json().catch(() => null)
  if (!isEnvelope(body)) return failure(response.status, 'unexpected_response', `unexpected response (HTTP ${response.status})`)
  return { ...body, status: response.status } as SvcResponse<Data>
}

/** `GET …/manage/manifest` with the Admin UI session. */
export function fetchManifest (): Promise<SvcResponse<Manifest>> {
  return request<Manifest>('/manage/manifest', { headers: { accept: 'application/json' } })
}

/**
 * `POST …/manage/dispatch` with the Admin UI session. Session writes must be JSON from the same
 * origin; `fetch` sends the page's own Origin.
 */
export function dispatch<Data> ({ resource, action, params = {}, confirm }: DispatchRequest): Promise<SvcResponse<Data>> {
  return request<Data>('/manage/dispatch', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ resource, action, params, ...(confirm === undefined ? {} : { confirm }) }),
  })
}

/** Runs an operation and returns its data, or throws an SvcCallError with the envelope. */
export async function call<Data> (request: DispatchRequest): Promise<Data> {
  const response = await dispatch<Data>(request)
  if (!response.ok) throw new SvcCallError(response)
  return response.data
}
