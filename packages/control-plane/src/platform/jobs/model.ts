import { list } from '@keystone-6/core'
import { checkbox, integer, json, text, timestamp } from '@keystone-6/core/fields'
import type { ListAccess } from '../auth/list-access.ts'
import { compoundIndexes } from '../db/compound-index.ts'

/**
 * Long work over many items (a recipe over a month of posts), on the database every instance
 * shares: one row per job, its progress and the cursor it resumes from, and the lease of the
 * instance working on it. `activeKey` (kind and target) is set while the job is queued or
 * running and cleared when it ends, so its unique index allows one such job per target and kind.
 */
export const jobList = ({ access, ui }: ListAccess) => list({
  access,
  ui: { ...ui, label: 'Jobs', listView: { initialColumns: ['kind', 'target', 'status', 'done', 'total', 'createdAt'] } },
  db: {
    map: 'svc_jobs',
    idField: { kind: 'autoincrement' },
    // jobs.list pages newest first, within a status or a kind.
    extendPrismaSchema: compoundIndexes(['status', 'id'], ['kind', 'id']),
  },
  fields: {
    kind: text({ validation: { isRequired: true } }),
    target: text({ validation: { isRequired: true } }),
    activeKey: text({ isIndexed: 'unique', db: { isNullable: true } }),
    status: text({ defaultValue: 'queued', validation: { isRequired: true } }),
    params: json({ defaultValue: {} }),
    cursor: text({ db: { isNullable: true } }),
    /** The W3C `traceparent` of the call that started it: each batch's span links to it. */
    traceparent: text({ db: { isNullable: true } }),
    done: integer({ defaultValue: 0, db: { isNullable: false } }),
    total: integer({ defaultValue: 0, db: { isNullable: false } }),
    tally: json({ defaultValue: {} }),
    error: text({ db: { isNullable: true } }),
    cancelRequested: checkbox({ defaultValue: false }),
    holder: text({ db: { isNullable: true } }),
    heldUntil: timestamp({ db: { isNullable: true }, isIndexed: true }),
    actorId: text({ db: { isNullable: true } }),
    actorEmail: text({ db: { isNullable: true } }),
    actorMode: text({ db: { isNullable: true } }),
    keyId: text({ db: { isNullable: true } }),
    channel: text({ validation: { isRequired: true } }),
    createdAt: timestamp({ defaultValue: { kind: 'now' }, validation: { isRequired: true } }),
    startedAt: timestamp({ db: { isNullable: true } }),
    finishedAt: timestamp({ db: { isNullable: true } }),
  },
})
