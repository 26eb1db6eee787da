import type { ControlPlaneExtension } from '../../src/index.ts'
import { siteNoteList } from './model.ts'
import { addNote } from './add.ts'
import { listNotes } from './list.ts'
import { removeNote } from './remove.ts'
import { MANAGE_NOTES } from './shape.ts'

/** A resource of the host's own: a list, its operations, and who may run them. */
export const siteNotes: ControlPlaneExtension = {
  lists: readOnly => ({ SiteNote: siteNoteList(readOnly(MANAGE_NOTES)) }),
  operations: [addNote, listNotes, removeNote],
  capabilities: { [MANAGE_NOTES]: ['administrator', 'editor'] },
}
