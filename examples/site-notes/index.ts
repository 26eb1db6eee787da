import { siteNotesTable } from './notes-table.ts'
import { defineResource } from 'keystone-svc-control-plane'
import { siteNoteList } from './model.ts'
import { addNote } from './operations/add.ts'
import { listNotes } from './operations/list.ts'
import { removeNote } from './operations/remove.ts'
import { pinnedNotesRoute } from './pinned-route.ts'
import { pinnedTopic } from './pinned-topic.ts'
import { seedWelcomeNote } from './welcome-note.ts'
import { MANAGE_NOTES } from './shape.ts'

/**
 * A resource of the host's own, installed exactly like the built-ins: a list, its operations and
 * who may run them, a public route, an outbox topic, a seed, a status counter and an Admin UI entry.
 */
export const siteNotes = defineResource({
  name: 'notes',
  // Beside its tools on a toolset URL (/mcp/x/notes): a sheet with a folded corner.
  icon: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M5 3h10l4 4v14H5z" fill="#fde68a" stroke="#92400e" stroke-width="1.5"/><path d="M15 3v4h4M8 12h8M8 16h6" fill="none" stroke="#92400e" stroke-width="1.5"/></svg>',
  lists: readOnly => ({ SiteNote: siteNoteList(readOnly(MANAGE_NOTES)) }),
  operations: { add: addNote, list: listNotes, remove: removeNote },
  capabilities: { [MANAGE_NOTES]: ['administrator', 'editor'] },
  routes: [pinnedNotesRoute],
  outboxTopics: [pinnedTopic],
  seeds: [{ what: 'the welcome note', run: seedWelcomeNote }],
  statusCounters: [{ key: 'notes', count: db => siteNotesTable(db).count() }],
  // No page component of its own: the entry opens the operations console on notes.list.
  adminPages: [{ path: '/control-plane?op=notes.list', label: 'Notes', title: 'Operations console', requires: ['notes.list'] }],
})
