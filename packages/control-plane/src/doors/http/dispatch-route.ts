import type { Request, Response } from 'express'
import type { ControlPlaneRuntime } from '../../kernel/runtime.ts'
import { authorizeRequest } from './caller.ts'
import { DISPATCH_DOOR } from './doors.ts'
import { parseJsonObject } from '../../platform/http/body.ts'
import { executeDispatch } from './execute.ts'
import type { OperationCall } from '../../kernel/pipeline/call-operation.ts'
import { badRequest } from '../../platform/errors/errors.ts'
import { assertCleanInput } from '../../platform/lib/input-boundary.ts'

/** The body of `POST {base}/manage/dispatch`, as a client sends it. */
export type DispatchBody = { resource: string, action: string, params?: Record<string, unknown>, confirm?: boolean, preview?: boolean, plan?: string }

type CallOfBody = Pick<OperationCall, 'resource' | 'action' | 'params' | 'confirm' | 'preview' | 'plan'>

const TOP_LEVEL_KEYS = ['resource', 'action', 'params', 'confirm', 'preview', 'plan']

/** `preview: true` or `plan: "<token>"` beside the params (400 `bad_request` for anything else, or both). */
export function previewOrPlan (preview: unknown, plan: unknown): Pick<OperationCall, 'preview' | 'plan'> {
  if (preview !== undefined && typeof preview !== 'boolean') throw badRequest('"preview" must be a boolean')
  if (plan !== undefined && (typeof plan !== 'string' || plan.length === 0 || plan.length > 8192)) throw badRequest('"plan" must be the token a preview answered')
  if (preview === true && plan !== undefined) throw badRequest('send "preview" or "plan", not both: a plan runs the call as it was previewed')
  return { preview: preview === true, ...plan === undefined ? {} : { plan: plan } }
}

/**
 * The body read once, before authentication: the call it makes, or why it makes none (answered
 * only once the caller is known), and the operation it names for the audit entry of a refused
 * authentication (empty when it names none).
 */
function readDispatchRequest (raw: unknown): { operation: string, call: CallOfBody } | { operation: string, error: unknown } {
  let body: Record<string, unknown>
  try {
    body = parseJsonObject(raw)
  } catch (error) {
    return { operation: '', error }
  }
  const { resource, action, params, confirm, preview, plan } = body
  const operation = typeof resource === 'string' && typeof action === 'string' ? `${resource}.${action}`.slice(0, 200) : ''
  try {
    if (typeof resource !== 'string' || !resource) throw badRequest('"resource" is required and must be a string')
    if (typeof action !== 'string' || !action) throw badRequest('"action" is required and must be a string')
    assertCleanInput({ resource, action }, { what: 'invalid request body' })
    if (confirm !== undefined && typeof confirm !== 'boolean') throw badRequest('"confirm" must be a boolean')
    const unknownKeys = Object.keys(body).filter(key => !TOP_LEVEL_KEYS.includes(key))
    if (unknownKeys.length > 0) throw badRequest(`unknown top-level keys: ${unknownKeys.join(', ')}; put operation inputs in "params"`)
    return { operation, call: { resource, action, params: params ?? {}, confirm: confirm === true, ...previewOrPlan(preview, plan) } }
  } catch (error) {
    return { operation, error }
  }
}

/** `POST {base}/manage/dispatch` */
export async function dispatchRoute (runtime: ControlPlaneRuntime, req: Request, res: Response): Promise<void> {
  const request = readDispatchRequest(req.body)
  const identity = await authorizeRequest(runtime, req, res, DISPATCH_DOOR, request.operation)
  if ('error' in request) throw request.error
  await executeDispatch(runtime, identity, { ...request.call, door: DISPATCH_DOOR, idempotencyKey: req.get('idempotency-key') }, res)
}
