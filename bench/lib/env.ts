/** A positive integer from the environment, or `fallback` when the variable is unset or blank. */
export function positiveInteger (name: string, fallback: number): number {
  const raw = process.env[name]?.trim()
  if (!raw) return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, got "${raw}"`)
  return value
}
