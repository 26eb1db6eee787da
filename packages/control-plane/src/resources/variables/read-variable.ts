import type { Db, Tx } from '../../platform/db/client.ts'
import { notFound } from '../../platform/errors/errors.ts'
import { VARIABLE_ROW_FIELDS, type VariableRow } from './shape.ts'

export async function findVariable (db: Db | Tx, name: string): Promise<VariableRow> {
  const row = await db.svcVariable.findUnique({ where: { name }, select: VARIABLE_ROW_FIELDS })
  if (!row) throw notFound(`no variable named ${name}`)
  return row
}

/**
 * The value of a site variable, or undefined when it is not set, for other resources that
 * read their configuration from variables (e.g. `leads.contact_crm_num`). Validate what comes back.
 */
export async function readVariable (db: Db | Tx, name: string): Promise<unknown> {
  const row = await db.svcVariable.findUnique({ where: { name }, select: { valueJson: true } })
  return row ? JSON.parse(row.valueJson) : undefined
}
