import type { Request, Response } from 'express'
import type { ControlPlaneRuntime } from '../../kernel/runtime.ts'
import { authorizeRequest } from './caller.ts'
import { READ_FORM_DOOR } from './doors.ts'
import { executeDispatch } from './execute.ts'
import { paramsJsonSchema } from '../../kernel/registry/manifest.ts'
import { invalidParams, methodNotAllowed } from '../../platform/errors/errors.ts'
import { parseJsonInput } from '../../platform/lib/input-boundary.ts'
import type { Operation } from '../../kernel/registry/define-operation.ts'
import { scalarType, type JsonSchema } from './query-schema.ts'

/** Query strings carry text; each value becomes what its schema expects, or stays text for zod to reject. */
function coerce (type: string | undefined, value: string): unknown {
  if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(value)) return Number(value)
  if (type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true'
  return value
}

function paramsFromQuery (operation: Operation, query: Request['query']): Record<string, unknown> {
  const properties = (paramsJsonSchema(operation) as JsonSchema).properties ?? {}
  const params: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(query)) {
    if (key === 'params') continue
    if (typeof value !== 'string') throw invalidParams(`query parameter "${key}" must appear once`)
    params[key] = coerce(scalarType(properties[key]), value)
  }
  if (query.params === undefined) return params
  if (typeof query.params !== 'string') throw invalidParams('"params" must appear once, as a JSON object')
  const objectParams = parseJsonInput(query.params, { invalid: () => invalidParams('"params" must be a JSON object'), what: 'invalid params' })
  if (typeof objectParams !== 'object' || objectParams === null || Array.isArray(objectParams)) {
    throw invalidParams('"params" must be a JSON object')
  }
  return { ...objectParams, ...params }
}

/** `GET {base}/manage/{resource}/{action}?…` — the read form, for readonly operations only. */
export async function readFormRoute (runtime: ControlPlaneRuntime, req: Request, res: Response): Promise<void> {
  const resource = String(req.params.resource)
  const action = String(req.params.action)
  const identity = await authorizeRequest(runtime, req, res, READ_FORM_DOOR, `${resource}.${action}`)
  await executeDispatch(runtime, identity, { resource, action, params: req.query, confirm: false, door: READ_FORM_DOOR }, res, operation => {
    if (!operation.readonly) {
      res.set('Allow', 'POST')
      throw methodNotAllowed(`${operation.name} changes state: send it with POST ${runtime.options.basePath}/manage/${resource}/${action}`)
    }
    return paramsFromQuery(operation, req.query)
  })
}
