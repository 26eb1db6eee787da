import { ERROR_STATUS } from '../../packages/control-plane/src/platform/errors/errors.ts'
import { resolvePlaceholders, type OperationExample } from '../../packages/control-plane/src/kernel/registry/operation-example.ts'
import type { ManifestEntry } from '../../packages/control-plane/src/kernel/registry/manifest.ts'
import type { Json } from './json.ts'

export type Envelope = { ok: boolean, data: Json, changed: boolean, error: string | null, code?: string }

export type Dispatch = (body: { resource: string, action: string, params: unknown, confirm?: boolean }) => Promise<{ status: number, body: Envelope }>

function call (dispatch: Dispatch, operation: string, params: unknown, confirm: boolean | undefined) {
  const [resource, action] = operation.split('.') as [string, string]
  return dispatch({ resource, action, params, ...(confirm ? { confirm } : {}) })
}

const answer = (status: number, body: Envelope) => `answered ${status} ${JSON.stringify(body)}`

/**
 * Runs one manifest example as an integrator would: its setup steps in order, each step's data
 * bound under its `as` name, then the example with every placeholder resolved. Returns what
 * went wrong, or null when the example answered `ok: true` or exactly the refusal it names.
 */
export async function runExample (dispatch: Dispatch, operation: string, example: OperationExample, fixtures: Record<string, unknown>, okStatus = 200): Promise<string | null> {
  const bindings: Record<string, unknown> = { ...fixtures }
  for (const step of example.setup ?? []) {
    const { status, body } = await call(dispatch, step.operation, resolvePlaceholders(step.params, bindings), step.confirm)
    if (!body.ok) return `setup ${step.operation} ${answer(status, body)}`
    bindings[step.as] = body.data
  }
  const { status, body } = await call(dispatch, operation, resolvePlaceholders(example.params, bindings), example.confirm)
  if (example.refusal === undefined) return status === okStatus && body.ok ? null : answer(status, body)
  const refused = !body.ok && body.data === null && body.code === example.refusal && status === ERROR_STATUS[example.refusal]
  return refused ? null : `should be refused with ${example.refusal}, ${answer(status, body)}`
}

/** Every example of every operation, through a door; what went wrong, one line per example (none when all ran). */
export async function exampleProblems (operations: readonly ManifestEntry[], door: Dispatch, fixtures: Record<string, unknown>): Promise<string[]> {
  const problems: string[] = []
  for (const operation of operations) {
    if (operation.examples.length === 0) problems.push(`${operation.name}: no example`)
    for (const [index, example] of operation.examples.entries()) {
      // An operation that starts a job answers 202 (Accepted) when it does.
      const problem = await runExample(door, operation.name, example, fixtures, operation.starts_job ? 202 : 200)
      if (problem) problems.push(`${operation.name} example ${index + 1} (${example.title}): ${problem}`)
    }
  }
  return problems
}
