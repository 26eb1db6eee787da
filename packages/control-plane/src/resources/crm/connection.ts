import type { CrmConnection } from '../../kernel/hooks/crm-connection.ts'
import type { Db } from '../../platform/db/client.ts'
import type { SecretBox } from '../../platform/secrets/secret-box.ts'
import { bindTo } from '../../platform/secrets/sealed-column.ts'
import { CRM_API_KEY } from './sealed-columns.ts'

/** `crmConnection`: the slot's url and its api_key, opened here, where the key's binding is known; null for an empty slot. */
export async function slotConnection ({ db, secrets }: { db: Db, secrets: SecretBox }, slot: number): Promise<CrmConnection | null> {
  const row = await db.svcCrmSlot.findUnique({ where: { slot }, select: { url: true, apiKeyCiphertext: true } })
  if (!row) return null
  return {
    url: row.url || null,
    apiKey: row.apiKeyCiphertext ? secrets.open(row.apiKeyCiphertext, bindTo(CRM_API_KEY, slot)) : null,
  }
}
