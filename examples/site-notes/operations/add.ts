import { siteNotesTable } from '../notes-table.ts'
import { z } from 'zod'
import { defineOperation, enqueueOutbox } from 'keystone-svc-control-plane'
import { MANAGE_NOTES, noteRecord, toNoteRecord } from '../shape.ts'
import { pinnedMessage } from '../pinned-topic.ts'

export const addNote = defineOperation({
  summary: 'Leave a note for the site team; a pinned one is announced.',
  capability: MANAGE_NOTES,
  examples: [{ title: 'Pin a note for the team', params: { title: 'Homepage hero needs a new photo', pinned: true } }],
  params: z.object({
    title: z.string().trim().min(1).max(120).describe('One line.'),
    body: z.string().max(10_000).optional().describe('Plain text.'),
    pinned: z.boolean().optional().describe('Keep it at the top of the list, show it on the site and announce it.'),
  }),
  returns: noteRecord,
  async handler ({ title, body, pinned }, { db, identity, now, kickOutbox }) {
    // The note and its announcement commit together, or neither does.
    const row = await db.$transaction(async tx => {
      const note = await siteNotesTable(tx).create({ data: { title, body: body ?? '', pinned: pinned ?? false, author: identity.account.email } })
      if (note.pinned) await enqueueOutbox(tx, pinnedMessage({ id: note.id, title: note.title }), now())
      return note
    })
    if (row.pinned) kickOutbox()
    return { data: toNoteRecord(row), changed: true }
  },
})
