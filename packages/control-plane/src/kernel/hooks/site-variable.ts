import type { Db, Tx } from '../../platform/db/client.ts'
import { defineHook } from './define-hook.ts'

/**
 * Provided by variables: a site variable's value, or undefined when it is not set, for resources
 * that read their configuration from variables (`leads.contact_crm_num`). Validate what comes back.
 */
export const siteVariable = defineHook<(db: Db | Tx, name: string) => Promise<unknown>>('site_variable')
