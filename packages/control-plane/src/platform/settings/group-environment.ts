import { definedOnly, type Env } from './env-values.ts'

/** One group of options and the environment variables that set its fields. */
export type GroupEnvironment = {
  /** Where the group sits in the options (`['security', 'apiKeys']`); `[]` for the top level's own fields. */
  path: readonly string[]
  /** The group's variables by field; unset ones `undefined`. */
  read: (env: Env) => Record<string, unknown>
}

type Options = Readonly<Record<string, unknown>>

const isGroupValue = (value: unknown): value is Options => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * The given options with each declared group's variables under it: a field given wins, a field
 * left out (or `undefined`) takes its variable, and the schema's default fills the rest. Only the
 * declared groups take variables — nothing is merged for having the shape of an object — and a
 * group given as something else (`rateLimit: false`) stays as given, for the schema to judge.
 * Nothing given is mutated.
 */
export function overEnvironment (given: Options, groups: readonly GroupEnvironment[], env: Env): Options {
  return groups.reduce((options, group) => {
    const fromEnv = definedOnly(group.read(env))
    return Object.keys(fromEnv).length === 0 ? options : withGroup(options, group.path, value => value === undefined || isGroupValue(value) ? { ...fromEnv, ...definedOnly({ ...value }) } : value)
  }, given)
}

/** `options` with the value at `path` replaced by `update` of it, copying each object on the way. */
function withGroup (options: Options, path: readonly string[], update: (value: Options | undefined) => unknown): Options {
  if (path.length === 0) return update(options) as Options
  const [key, ...rest] = path as [string, ...string[]]
  const current = options[key]
  if (rest.length === 0) return { ...options, [key]: update(current as Options | undefined) }
  if (current !== undefined && !isGroupValue(current)) return options
  return { ...options, [key]: withGroup(current ?? {}, rest, update) }
}
