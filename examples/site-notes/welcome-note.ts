import type { Db } from '../../src/index.ts'

/** A first note, so a new site's list explains itself. Written once, while there are no notes. */
export async function seedWelcomeNote (db: Db): Promise<void> {
  if (await db.siteNote.count() > 0) return
  await db.siteNote.create({
    data: { title: 'Welcome to site notes', body: 'Leave notes for the team here. Pin one to show it on the site.', author: 'system' },
  })
}
