import { z } from 'zod'
import { defineOperation } from '../../src/index.ts'
import { MANAGE_NOTES, noteRecord, toNoteRecord } from './shape.ts'

export const addNote = defineOperation({
  resource: 'notes',
  action: 'add',
  summary: 'Leave a note for the site team.',
  capability: MANAGE_NOTES,
  examples: [{ title: 'Pin a note for the team', params: { title: 'Homepage hero needs a new photo', pinned: true } }],
  params: z.object({
    title: z.string().trim().min(1).max(120).describe('One line.'),
    body: z.string().max(10_000).optional().describe('Plain text.'),
    pinned: z.boolean().optional().describe('Keep it at the top of the list.'),
  }),
  returns: noteRecord,
  async handler ({ title, body, pinned }, { db, identity }) {
    const row = await db.siteNote.create({ data: { title, body: body ?? '', pinned: pinned ?? false, author: identity.account.email } })
    return { data: toNoteRecord(row), changed: true }
  },
})
