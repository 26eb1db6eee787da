import { z } from 'zod'
import { formatSlot, slotNumber } from '../../platform/db/slots.ts'
import { displayName, httpUrl } from '../../platform/lib/fields.ts'
import { notFound } from '../../platform/errors/errors.ts'
import type { Db } from '../../platform/db/client.ts'

export const CRM_COUNT = 'crm_count'

export const crmNumParam = slotNumber.describe('CRM slot number: "1", "01" or "001".')

export const crmWritableParams = {
  name: displayName.describe('Display name of the CRM connection.'),
  url: httpUrl.optional(),
  link_admin_only: z.boolean().optional().describe('Show the CRM link to administrators only.'),
}

export const crmApiKeyParam = z.string().min(1, 'must not be empty').max(4096).describe('The CRM API key. Write-only.')

export const crmRecord = z.object({
  crm_num: z.string(),
  name: z.string(),
  code: z.string(),
  url: z.string().nullable(),
  link_admin_only: z.boolean(),
  key_set: z.boolean().describe('Whether an api_key is stored. The key itself is never returned.'),
})

export type CrmRow = { slot: number, name: string, url: string | null, linkAdminOnly: boolean, apiKeyCiphertext: string | null }

export const CRM_ROW_FIELDS = { slot: true, name: true, url: true, linkAdminOnly: true, apiKeyCiphertext: true } as const

/** A slot as `crm.list` reads it: whether a key is stored, never the ciphertext. */
export type CrmSlotFacts = Omit<CrmRow, 'apiKeyCiphertext'> & { keySet: boolean }

export function crmRecordOf (slot: CrmSlotFacts): z.input<typeof crmRecord> {
  const crmNum = formatSlot(slot.slot)
  return { crm_num: crmNum, name: slot.name, code: `crm_${crmNum}`, url: slot.url, link_admin_only: slot.linkAdminOnly, key_set: slot.keySet }
}

export const toCrmRecord = ({ apiKeyCiphertext, ...row }: CrmRow): z.input<typeof crmRecord> => crmRecordOf({ ...row, keySet: apiKeyCiphertext !== null })

export async function findCrmSlot (db: Db, slot: number): Promise<CrmRow> {
  const row = await db.svcCrmSlot.findUnique({ where: { slot }, select: CRM_ROW_FIELDS })
  if (!row) throw notFound(`CRM slot ${formatSlot(slot)} is empty`)
  return row
}
