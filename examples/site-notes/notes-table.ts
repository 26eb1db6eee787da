import type { Db, Tx } from 'keystone-svc-control-plane'
import type { PrismaClient } from '../../generated/prisma/client.ts'

/**
 * The `SiteNote` table on the host's own generated client: the plugin's `Db` type knows the
 * plugin's lists only, while the host's client (generated from every list, this one included) types them all.
 */
export const siteNotesTable = (db: Db | Tx) => (db as unknown as PrismaClient).siteNote
