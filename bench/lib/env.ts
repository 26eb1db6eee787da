/** A positive integer from the environment, or `fallback` when the variable is unset or blank. */
export function positiveInteger (name: string, fallback: number): number {
  const raw = process.env[name]?.trim()
  if (!raw) return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, got "${raw}"`)
  return value
}

/**
 * `BENCH_ONLY`: which figures or targets to run. A comma-separated list; a name is chosen when it
 * contains every space-separated word of one entry (`audit.list first` chooses both of
 * `audit.list`'s first pages). Unset or blank, everything runs.
 */
export function chosenBy (name: string): (label: string) => boolean {
  const entries = (process.env[name] ?? '').split(',').map(entry => entry.trim().split(/\s+/).filter(Boolean)).filter(words => words.length > 0)
  return label => entries.length === 0 || entries.some(words => words.every(word => label.includes(word)))
}
