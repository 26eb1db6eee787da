import { z } from 'zod'
import { boundedJson } from '../../platform/lib/json-value.ts'
import { isoOrNull } from '../../platform/lib/timestamps.ts'

const MAX_VALUE_BYTES = 64 * 1024
const MAX_VALUE_DEPTH = 64

export const variableNameParam = z.string()
  .regex(/^[a-z][a-z0-9_.]{0,63}$/, 'a variable name is a lowercase letter followed by up to 63 lowercase letters, digits, "_" or "."')
  .describe('Variable name: ^[a-z][a-z0-9_.]{0,63}$, e.g. leads.contact_crm_num.')

export const variableValueParam = boundedJson({ maxBytes: MAX_VALUE_BYTES, maxDepth: MAX_VALUE_DEPTH })
  .describe(`Any JSON value: object, array, string, number, boolean or null; at most ${MAX_VALUE_BYTES} bytes serialized and ${MAX_VALUE_DEPTH} levels deep.`)

export const variableRecord = z.object({
  name: z.string(),
  value: z.unknown().describe('The stored JSON value.'),
  description: z.string().nullable(),
  updated_at: z.string().nullable(),
})

export const VARIABLE_ROW_FIELDS = { name: true, valueJson: true, description: true, updatedAt: true } as const

export type VariableRow = { name: string, valueJson: string, description: string | null, updatedAt: Date | null }

export function toVariableRecord (row: VariableRow): z.input<typeof variableRecord> {
  return { name: row.name, value: JSON.parse(row.valueJson), description: row.description, updated_at: isoOrNull(row.updatedAt) }
}
