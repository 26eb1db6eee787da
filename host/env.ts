/** Reads an optional positive-integer environment variable; a malformed value stops startup. */
export function optionalIntegerEnv (name: string, env: NodeJS.ProcessEnv = process.env): number | undefined {
  const raw = env[name]?.trim()
  if (!raw) return undefined
  if (!/^\d+$/.test(raw)) throw new Error(`${name} must be a positive integer, got "${raw}"`)
  return Number(raw)
}

/** Reads an optional comma-separated list; blanks around and between items are ignored. */
export function optionalListEnv (name: string, env: NodeJS.ProcessEnv = process.env): string[] | undefined {
  const items = env[name]?.split(',').map(item => item.trim()).filter(Boolean)
  return items?.length ? items : undefined
}
