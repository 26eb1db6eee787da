/** The params typed on the JSON tab, which must be one JSON object. */
export function paramsFromJson (text: string): { ok: true, params: Record<string, unknown> } | { ok: false, message: string } {
  if (text.trim() === '') return { ok: true, params: {} }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    return { ok: false, message: `not valid JSON: ${(error as Error).message}` }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, message: 'params must be a JSON object' }
  return { ok: true, params: value as Record<string, unknown> }
}
