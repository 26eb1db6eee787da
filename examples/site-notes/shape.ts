import { z } from 'zod'

/** The capability these operations need; the extension maps it onto host roles. */
export const MANAGE_NOTES = 'manage_notes'

export const noteRecord = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  pinned: z.boolean(),
  author: z.string(),
  created_at: z.string().nullable(),
})

type NoteRow = { id: number, title: string, body: string, pinned: boolean, author: string, createdAt: Date | null }

export const toNoteRecord = (row: NoteRow): z.input<typeof noteRecord> => ({
  id: row.id,
  title: row.title,
  body: row.body,
  pinned: row.pinned,
  author: row.author,
  created_at: row.createdAt?.toISOString() ?? null,
})
