import { isDeepStrictEqual } from 'node:util'
import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { VARIABLE_ROW_FIELDS, toVariableRecord, variableNameParam, variableRecord, variableValueParam } from '../shape.ts'

export const setVariable = defineOperation({
  summary: 'Create or replace a site variable.',
  description: 'value replaces the stored value whole. An omitted description keeps the stored one; "" or null clears it. ' +
    'changed is false when value (compared as JSON) and description equal the stored ones.',
  idempotent: true,
  examples: [{
    title: 'Store a structured value',
    params: { name: 'site.tagline', value: { text: 'News that matters', locale: 'en' }, description: 'Shown under the logo.' },
  }],
  params: z.object({
    name: variableNameParam,
    value: variableValueParam,
    description: z.string().trim().max(1000).nullable().optional().describe('What the variable is for. Omitted: unchanged.'),
  }),
  returns: variableRecord,
  async handler ({ name, value, description }, { db }) {
    const valueJson = JSON.stringify(value)
    const current = await db.svcVariable.findUnique({ where: { name }, select: VARIABLE_ROW_FIELDS })
    const nextDescription = description === undefined ? current?.description ?? null : description || null
    // Compare what storing would give back, so -0 and 0 or reordered keys count as equal.
    if (current && current.description === nextDescription && isDeepStrictEqual(JSON.parse(current.valueJson), JSON.parse(valueJson))) {
      return { data: toVariableRecord(current), changed: false }
    }
    const row = await db.svcVariable.upsert({
      where: { name },
      create: { name, valueJson, description: nextDescription },
      update: { valueJson, description: nextDescription },
      select: VARIABLE_ROW_FIELDS,
    })
    return { data: toVariableRecord(row), changed: true }
  },
})
