import type { AdminPage, ManifestEntry } from '../../src/kernel/registry/manifest.ts'
import type { BuiltinApi } from '../../src/resources/index.ts'
import type { FailureEnvelope, SuccessEnvelope } from '../../src/platform/http/envelope.ts'
import type { DispatchBody } from '../../src/doors/http/dispatch-route.ts'
import type { Preview } from '../../src/platform/change-sets/change.ts'

/** The meta tag the control plane's Admin UI document carries its namespace's base path in (`restRoot` + `/svc/v1`). */
const SVC_BASE_META = 'svc-base-path'

const DEFAULT_SVC_BASE = '/api/svc/v1'

/**
 * Where the control plane answers: the base path the server wrote into the Admin UI's document
 * (its `restRoot` and the namespace `svc/v1`), or the default root's when a host's own document replaced it.
 */
export function svcBase (): string {
  if (typeof document === 'undefined') return DEFAULT_SVC_BASE
  return document.querySelector(`meta[name="${SVC_BASE_META}"]`)?.getAttribute('content') || DEFAULT_SVC_BASE
}

/** What the pages may call, by resource and action, inferred from the operations' declarations. */
type Api = BuiltinApi
export type ResourceName = Extract<keyof Api, string>
export type ActionName<R extends ResourceName> = keyof Api[R] & string
/** The params an operation takes, as the caller sends them. */
export type CallParams<R extends ResourceName, A extends ActionName<R>> = Api[R][A] extends { params: infer Params } ? Params : never
/** The `data` an operation answers with. */
export type CallResult<R extends ResourceName, A extends ActionName<R>> = Api[R][A] extends { result: infer Result } ? Result : never

export type Manifest = { namespace: string, product_version: string, operations: ManifestEntry[], admin_pages: AdminPage[] }

/** A refusal as the server answers it, or as the client stands in for one it could not get (`network_error`, `unexpected_response`). */
export type SvcFailure = FailureEnvelope

/** A response as the page received it: the envelope, and the HTTP status it came with (0: no response). */
export type SvcResponse<Data> = (SuccessEnvelope<Data> | SvcFailure) & { status: number }

/** A call by name, not checked against the declarations (the operations console runs what the manifest lists). */
export type UntypedRequest = DispatchBody

/** No params at all: an operation whose params this satisfies may be called without them. */
type NoParams = Record<never, never>

/** A call of a built-in operation: its params are checked against, and its result inferred from, the declaration. */
export type DispatchRequest<R extends ResourceName, A extends ActionName<R>> = {
  resource: R
  action: A
  confirm?: boolean
  /** The plan a preview answered: the call runs only as it was previewed (409 `plan_stale` otherwise). */
  plan?: string
} & (NoParams extends CallParams<R, A> ? { params?: CallParams<R, A> } : { params: CallParams<R, A> })

/** A typed request, for one kept in a constant: `const LIST = operation('crm', 'list')`. */
export function operation<R extends ResourceName, A extends ActionName<R>> (resource: R, action: A, ...params: NoParams extends CallParams<R, A> ? [CallParams<R, A>?] : [CallParams<R, A>]): DispatchRequest<R, A> {
  return (params[0] === undefined ? { resource, action } : { resource, action, params: params[0] }) as DispatchRequest<R, A>
}

function isEnvelope (body: unknown): body is SuccessEnvelope | SvcFailure {
  return typeof body === 'object' && body !== null && typeof (body as { ok?: unknown }).ok === 'boolean'
}

function failure (status: number, code: string, error: string): SvcFailure & { status: number } {
  return { ok: false, data: null, changed: false, error, code, status }
}

async function request<Data> (path: string, init: RequestInit): Promise<SvcResponse<Data>> {
  let response: Response
  try {
    response = await fetch(`${svcBase()}${path}`, { credentials: 'same-origin', ...init })
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
export function dispatch<R extends ResourceName, A extends ActionName<R>> (call: DispatchRequest<R, A>): Promise<SvcResponse<CallResult<R, A>>> {
  return dispatchUntyped(call as UntypedRequest)
}

/** A preview's answer: what the call would change and answer (its operation's result, one-time secrets `"[preview]"`), and the plan that runs it exactly so. */
export type Previewed<Result> = { preview: Omit<Preview, 'result'> & { result: Result }, plan: string, plan_expires_at: string }

/** The call with `preview: true`: it runs through every check and is rolled back, answering what it would change (nothing is written). */
export function previewDispatch<R extends ResourceName, A extends ActionName<R>> (call: DispatchRequest<R, A>): Promise<SvcResponse<Previewed<CallResult<R, A>>>> {
  return dispatchUntyped({ ...call as UntypedRequest, preview: true })
}

/** `dispatch` for a call named at run time (the operations console); its data is whatever came back. */
export function dispatchUntyped<Data = unknown> ({ resource, action, params = {}, confirm, preview, plan }: UntypedRequest): Promise<SvcResponse<Data>> {
  return request<Data>('/manage/dispatch', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ resource, action, params, ...(confirm === undefined ? {} : { confirm }), ...(preview ? { preview } : {}), ...(plan === undefined ? {} : { plan }) }),
  })
}
