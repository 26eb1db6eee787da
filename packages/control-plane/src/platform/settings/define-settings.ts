import type { z } from 'zod'
import { describeIssues, type Env } from './env-values.ts'
import { overEnvironment } from './group-environment.ts'

/**
 * The settings one resource owns: their zod schema (defaults included) and the environment
 * variables that set them. Precedence, for every setting: the value given to the resource's
 * factory, then its environment variable, then the schema's default.
 */
export type SettingsDeclaration<Schema extends z.ZodType<object> = z.ZodType<object>> = {
  resource: string
  schema: Schema
  /** Reads this resource's variables; unset ones are `undefined`. */
  fromEnv: (env: Env) => Partial<z.input<Schema>>
  /** The resolved settings of this resource in an installation (after `resolveControlPlane`). */
  of: (installed: { resourceSettings: ReadonlyMap<string, unknown> }) => z.output<Schema>
}

export function defineSettings<Schema extends z.ZodType<object>> (
  resource: string,
  schema: Schema,
  fromEnv: (env: Env) => Partial<z.input<Schema>> = () => ({}),
): SettingsDeclaration<Schema> {
  return {
    resource,
    schema,
    fromEnv,
    of: installed => {
      if (!installed.resourceSettings.has(resource)) throw new Error(`the ${resource} resource is not installed`)
      return installed.resourceSettings.get(resource) as z.output<Schema>
    },
  }
}

/** Parses one resource's settings from its factory input over its environment; a bad value stops startup naming the resource. */
export function resolveSettings (declaration: SettingsDeclaration, input: object | undefined, env: Env): unknown {
  const parsed = declaration.schema.safeParse(overEnvironment({ ...input }, [{ path: [], read: declaration.fromEnv }], env))
  if (!parsed.success) throw new Error(`settings of the ${declaration.resource} resource: ${describeIssues(parsed.error)}`)
  return parsed.data
}
