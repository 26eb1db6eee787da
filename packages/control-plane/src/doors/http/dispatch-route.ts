import type { Request, Response } from 'express'
import type { ControlPlaneRuntime } from '../../kernel/runtime.ts'
import { authorize } from '../../kernel/pipeline/authorize.ts'
import { parseJsonObject } from '../../platform/http/body.ts'
import { executeDispatch } from './execute.ts'
import type { OperationCall } from '../../kernel/pipeline/call-operation.ts'
import { badRequest } from '../../platform/errors/errors.ts'
import { assertCleanInput } from '../../platform/lib/input-boundary.ts'

/** The body of `POST {base}/manage/dispatch`, as a client sends it. */
export type DispatchBody = { resource: string, action: string, params?: Record<string, unknown>, confirm?: boolean }

function readDispatchRequest (body: Record<string, unknown>): Pick<OperationCall, 'resource' | 'action' | 'params' | 'confirm'> {
  const { resource, action, params, confirm } = body
  if (typeof resource !== 'string' || !resource) throw badRequest('"resource" is required and must be a string')
  if (typeof action !== 'string' || !action) throw badRequest('"action" is required and must be a string')
  assertCleanInput({ resource, action }, { what: 'invalid request body' })
  if (confirm !== undefined && typeof confirm !== 'boolean') throw badRequest('"confirm" must be a boolean')
  const unknownKeys = Object.keys(body).filter(key => !['resource', 'action', 'params', 'confirm'].includes(key))
  if (unknownKeys.length > 0) throw badRequest(`unknown top-level keys: ${unknownKeys.join(', ')}; put operation inputs in "params"`)
  return { resource, action, params: params ?? {}, confirm: confirm === true }
}

/** The body parsed once, before authentication; a failure is answered only once the caller is known. */
function parsedBody (body: unknown): { body: Record<string, unknown> } | { error: unknown } {
  try {
    return { body: parseJsonObject(body, { checked: false }) }
  } catch (error) {
    return { error }
  }
}

/** The operation a body names, for the audit entry of a refused authentication; empty when it names none. */
function operationNamed (parsed: ReturnType<typeof parsedBody>): string {
  if (!('body' in parsed)) return ''
  const { resource, action } = parsed.body
  return typeof resource === 'string' && typeof action === 'string' ? `${resource}.${action}`.slice(0, 200) : ''
}

/** `POST {base}/manage/dispatch` */
export async function dispatchRoute (runtime: ControlPlaneRuntime, req: Request, res: Response): Promise<void> {
  const parsed = parsedBody(req.body)
  const identity = await authorize(runtime, req, res, { channel: 'dispatch', operation: operationNamed(parsed) })
  if ('error' in parsed) throw parsed.error
  await executeDispatch(runtime, identity, {
    ...readDispatchRequest(parsed.body),
    channel: 'dispatch',
    idempotencyKey: req.get('idempotency-key'),
  }, res)
}
