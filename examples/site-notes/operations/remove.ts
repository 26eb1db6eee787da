import { siteNotesTable } from '../notes-table.ts'
import { z } from 'zod'
import { defineOperation, notFound } from 'keystone-svc-control-plane'
import { MANAGE_NOTES } from '../shape.ts'

export const removeNote = defineOperation({
  summary: 'Delete a note for good.',
  capability: MANAGE_NOTES,
  destructive: true,
  examples: [{
    title: 'Delete a note',
    setup: [{ operation: 'notes.add', params: { title: 'Done: fix the footer link' }, as: 'note' }],
    params: { id: '{{note.id}}' },
    confirm: true,
  }],
  params: z.object({ id: z.number().int().positive().describe('Note id, from notes.list.') }),
  returns: z.object({ id: z.number().int(), deleted: z.literal(true) }),
  async handler ({ id }, { db }) {
    const { count } = await siteNotesTable(db).deleteMany({ where: { id } })
    if (count === 0) throw notFound(`no note ${id}`)
    return { data: { id, deleted: true as const }, changed: true }
  },
})
