import { list } from '@keystone-6/core'
import { checkbox, text, timestamp } from '@keystone-6/core/fields'
import type { ListAccess } from 'keystone-svc-control-plane'

/** Notes the site's editors leave for each other. */
export const siteNoteList = ({ access, graphql, ui }: ListAccess) => list({
  access,
  graphql,
  ui: { ...ui, label: 'Site notes', listView: { initialColumns: ['title', 'pinned', 'author', 'createdAt'] } },
  db: { map: 'site_notes', idField: { kind: 'autoincrement' } },
  fields: {
    title: text({ validation: { isRequired: true } }),
    body: text({ ui: { displayMode: 'textarea' } }),
    pinned: checkbox({ defaultValue: false }),
    author: text(),
    createdAt: timestamp({ defaultValue: { kind: 'now' } }),
  },
})
