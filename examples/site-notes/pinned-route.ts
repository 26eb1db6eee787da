import { siteNotesTable } from './notes-table.ts'
import { sendSuccess, type PublicRoute } from 'keystone-svc-control-plane'

/** How many pinned notes the site's banner shows at most. */
const BANNER_SIZE = 5

/**
 * `GET {base}/public/notes`: the pinned notes' titles, for a banner on the site. No credentials;
 * any page may read it. Answers 409 `module_disabled` while the notes module is switched off.
 */
export const pinnedNotesRoute: PublicRoute = {
  method: 'GET',
  path: '/public/notes',
  cors: () => ['*'],
  async handler (runtime, _req, res) {
    const rows = await siteNotesTable(runtime.db).findMany({ where: { pinned: true }, orderBy: { id: 'desc' }, take: BANNER_SIZE, select: { title: true } })
    sendSuccess(res, { notes: rows.map(row => row.title) }, false)
  },
}
