import type { DatabaseProvider } from '../../platform/db/database-url.ts'
import { placeholder } from '../../platform/db/sql-placeholder.ts'
import { queryRows, type RawTarget } from '../../platform/db/raw-statements.ts'
import { CRM_COUNT, type CrmSlotFacts } from './shape.ts'
import { scalarArg } from '../../platform/db/raw-values.ts'

/**
 * The occupied slots in slot order and `crm_count`, in one statement: the anchor row keeps the
 * counter when no slot is occupied, and `keySet` is answered by the database, so the ciphertext
 * is not read at all.
 */
const listStatement = (provider: DatabaseProvider) =>
  'SELECT c."value" AS "crmCount", s."slot", s."name", s."url", s."linkAdminOnly", s."apiKeyCiphertext" IS NOT NULL AS "keySet"' +
  ' FROM (SELECT 1 AS "anchor") a' +
  ` LEFT JOIN "svc_counters" c ON c."key" = ${placeholder(provider, 0)}` +
  ' LEFT JOIN "svc_crm_slots" s ON 1 = 1' +
  ' ORDER BY s."slot"'

const STATEMENTS = { sqlite: listStatement('sqlite'), postgresql: listStatement('postgresql') }

/** SQLite answers booleans as 0 or 1, PostgreSQL as booleans; either driver may answer an integer as a bigint. */
const truthy = (value: unknown): boolean => Boolean(Number(value))

/**
 * `crm.list` is the most frequent read of a management client, and on PostgreSQL each statement
 * is a round trip plus the Prisma client's work around it, which together cost more than the rest
 * of a dispatch (docs/performance.md): the slots and the counter are one statement.
 */
export async function readCrmList (target: RawTarget): Promise<{ slots: CrmSlotFacts[], crmCount: number }> {
  const rows = await queryRows(target, {
    sql: STATEMENTS[target.provider],
    args: [CRM_COUNT],
    argTypes: [scalarArg('string')],
  })
  const slots: CrmSlotFacts[] = []
  for (const [, slot, name, url, linkAdminOnly, keySet] of rows) {
    if (slot === null) continue
    slots.push({ slot: Number(slot), name: name as string, url: url as string | null, linkAdminOnly: truthy(linkAdminOnly), keySet: truthy(keySet) })
  }
  return { slots, crmCount: Number(rows[0]?.[0] ?? 0) }
}
