import { sealedColumn } from '../../platform/secrets/sealed-column.ts'

/** A CRM slot's api_key, bound to its slot number. */
export const CRM_API_KEY = sealedColumn('svcCrmSlot', 'apiKeyCiphertext', 'slot')
