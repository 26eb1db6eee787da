import type { z } from 'zod'
import type { ErrorCode } from '../../platform/errors/errors.ts'
import type { ContentPart } from '../../platform/host-contract/content-parts.ts'

export type ExampleParams = Record<string, unknown>

/** A call an example makes first; its `data` is bound under `as` for the placeholders after it. */
export type ExampleStep = {
  /** `resource.action` of the operation to call, e.g. `crm.create`. */
  operation: string
  params: ExampleParams
  /** Sent as the top-level `confirm`. @default false */
  confirm?: boolean
  /** Name the step's `data` is bound to: `crm` makes `{{crm.crm_num}}` available. */
  as: string
}

/**
 * A call that works on a fresh site, listed in the manifest. Any string in `params` (or in a
 * setup step's params) that is exactly `{{name.path}}` stands for the value at `path` in the
 * `data` bound to `name` — by an earlier setup step, or by one of the {@link EXAMPLE_FIXTURES}.
 */
export type OperationExample = {
  /** What the example shows. @default the operation's summary */
  title?: string
  params: ExampleParams
  /** Sent as the top-level `confirm`. @default false */
  confirm?: boolean
  /** Calls that run first, in order, and make the records this example needs. @default [] */
  setup?: readonly ExampleStep[]
  /** The error code the example is documented to answer with instead of `ok: true`. @default none */
  refusal?: ErrorCode
  /**
   * Parts of the host's posts the example needs (`excerpt`, `status.pending`, …): a host whose
   * field map lacks one is not offered the example, so every example a manifest lists runs there.
   * @default []
   */
  needs?: readonly ContentPart[]
}

/** Records every site has that the control plane does not create: a runner binds these names itself. */
export const EXAMPLE_FIXTURES = {
  account: 'the calling account (host User): {id}',
  post: 'a post on the site: {id}',
} as const

const PLACEHOLDER = /^\{\{([a-z][a-z0-9_]*)((?:\.[A-Za-z0-9_]+)*)\}\}$/

const isPlaceholder = (value: unknown): value is string => typeof value === 'string' && PLACEHOLDER.test(value)

function walk (value: unknown, visit: (placeholder: string) => unknown): unknown {
  if (isPlaceholder(value)) return visit(value)
  if (Array.isArray(value)) return value.map(item => walk(item, visit))
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, walk(inner, visit)]))
  }
  return value
}

/** The binding names a value's placeholders use. */
export function placeholderNames (value: unknown): Set<string> {
  const names = new Set<string>()
  walk(value, placeholder => names.add(PLACEHOLDER.exec(placeholder)![1]!))
  return names
}

/** Replaces every placeholder with the bound value it names, keeping that value's JSON type. */
export function resolvePlaceholders<T> (value: T, bindings: Readonly<Record<string, unknown>>): T {
  return walk(value, placeholder => {
    const [, name, path] = PLACEHOLDER.exec(placeholder)!
    if (!(name! in bindings)) throw new Error(`example placeholder ${placeholder}: nothing is bound to "${name}"`)
    let found: unknown = bindings[name!]
    for (const key of path!.split('.').slice(1)) {
      if (typeof found !== 'object' || found === null || !(key in found)) throw new Error(`example placeholder ${placeholder}: "${key}" is missing`)
      found = (found as Record<string, unknown>)[key]
    }
    return found
  }) as T
}

const valueAt = (value: unknown, path: readonly PropertyKey[]) =>
  path.reduce<unknown>((inner, key) => (inner as Record<PropertyKey, unknown> | undefined)?.[key], value)

/**
 * Problems with params checked against their schema; an issue about a placeholder is not
 * one, since the value it stands for is known only when the example runs.
 */
export function exampleParamsProblems (schema: z.ZodType, params: ExampleParams): string[] {
  const result = schema.safeParse(params)
  if (result.success) return []
  return result.error.issues
    .filter(issue => !isPlaceholder(valueAt(params, issue.path)))
    .map(issue => `${issue.path.join('.') || '(params)'}: ${issue.message}`)
}

/** Placeholders that name nothing bound before them: the fixtures, then each step in order. */
export function unboundPlaceholders (example: OperationExample): string[] {
  const bound = new Set<string>(Object.keys(EXAMPLE_FIXTURES))
  const unbound: string[] = []
  for (const step of [...example.setup ?? [], { params: example.params, as: '' }]) {
    for (const name of placeholderNames(step.params)) if (!bound.has(name)) unbound.push(name)
    bound.add(step.as)
  }
  return unbound
}
