import { siteNotesTable } from './notes-table.ts'
import type { Db } from 'keystone-svc-control-plane'

/** A first note, so a new site's list explains itself. Written once, while there are no notes. */
export async function seedWelcomeNote (db: Db): Promise<void> {
  if (await siteNotesTable(db).count() > 0) return
  await siteNotesTable(db).create({
    data: { title: 'Welcome to site notes', body: 'Leave notes for the team here. Pin one to show it on the site.', author: 'system' },
  })
}
