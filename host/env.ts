/** Reads an optional positive-integer environment variable; a malformed value stops startup. */
export function optionalIntegerEnv (name: string, env: NodeJS.ProcessEnv = process.env): number | undefined {
  const raw = env[name]?.trim()
  if (!raw) return undefined
  if (!/^\d+$/.test(raw)) throw new Error(`${name} must be a positive integer, got "${raw}"`)
  return Number(raw)
}
