import { siteNotesTable } from '../notes-table.ts'
import { z } from 'zod'
import { defineOperation } from 'keystone-svc-control-plane'
import { MANAGE_NOTES, noteRecord, toNoteRecord } from '../shape.ts'

export const listNotes = defineOperation({
  summary: 'List the notes, pinned first, newest first.',
  capability: MANAGE_NOTES,
  readonly: true,
  examples: [{ title: 'Read the notes, pinned first', params: {} }],
  params: z.object({}),
  returns: z.object({ notes: z.array(noteRecord) }),
  async handler (_params, { db }) {
    const rows = await siteNotesTable(db).findMany({ orderBy: [{ pinned: 'desc' }, { id: 'desc' }] })
    return { data: { notes: rows.map(toNoteRecord) }, changed: false }
  },
})
