import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import type { OperationContext } from '../../../kernel/registry/operation-context.ts'
import { conflict, invalidParams, notFound, revertConflict } from '../../../platform/errors/errors.ts'
import type { ChangeSet } from '../../../platform/change-sets/change.ts'
import { isConflict, undoChange, type RevertConflict, type Undone } from '../../../platform/change-sets/undo.ts'
import { effectRecord } from '../../../platform/change-sets/change-schema.ts'

/** A trace holds at most this many calls a revert undoes at once. */
const MAX_ENTRIES = 500

type RevertedEntry = { id: number, operation: string, changeSet: ChangeSet }

const TRACE_ID = /^[0-9a-f]{32}$/

async function entriesToRevert (db: OperationContext['db'], auditId: number | undefined, traceId: string | undefined): Promise<RevertedEntry[]> {
  const rows = await db.svcAuditEntry.findMany({
    where: auditId !== undefined ? { id: auditId } : { traceId },
    select: { id: true, operation: true, changeSet: true },
    orderBy: { id: 'desc' },
    take: MAX_ENTRIES,
  })
  const entries = rows.map(row => ({ ...row, changeSet: row.changeSet as ChangeSet | null }))
    // A preview's change set is what would have changed: nothing of it happened.
    .filter((entry): entry is RevertedEntry => entry.changeSet?.preview !== true && (entry.changeSet?.changes.length ?? 0) > 0)
  if (entries.length === 0) {
    throw notFound(auditId !== undefined ? `audit entry ${auditId} ${rows.length > 0 ? 'changed nothing' : 'does not exist'}` : `no call of trace ${traceId} changed anything`)
  }
  const incomplete = entries.filter(entry => !entry.changeSet.complete).map(entry => entry.id)
  if (incomplete.length > 0) throw conflict(`audit entr${incomplete.length === 1 ? 'y' : 'ies'} ${incomplete.join(', ')} wrote more rows than a change set keeps and cannot be reverted`, { audit_ids: incomplete })
  return entries
}

/** Every change of the entries undone newest first, in `tx`; the conflicts once the rows were all looked at (or the database refused one). */
async function undoAll (tx: object, entries: readonly RevertedEntry[]): Promise<{ undone: Undone[], conflicts: RevertConflict[] }> {
  const undone: Undone[] = []
  const conflicts = new Map<string, RevertConflict>()
  for (const entry of entries) {
    for (const change of [...entry.changeSet.changes].reverse()) {
      const outcome = await undoChange(tx, change)
      if (!isConflict(outcome)) {
        undone.push(outcome)
        continue
      }
      const { ends, ...row } = outcome
      conflicts.set(`${row.entity} ${row.id}`, conflicts.get(`${row.entity} ${row.id}`) ?? row)
      if (ends) return { undone, conflicts: [...conflicts.values()] }
    }
  }
  return { undone, conflicts: [...conflicts.values()] }
}

export const revertAudit = defineOperation({
  summary: 'Undo a call\'s changes, or those of every call of one trace, newest first, in one transaction.',
  description: 'Deleted rows come back (with their sealed secrets), updates get their before image, created rows go. ' +
    'A row changed since: 409 revert_conflict, nothing reverted. cannot_undo lists what left the site. A revert can be reverted.',
  destructive: true,
  changesReach: true,
  since: '1.5.000',
  errors: ['not_found', 'conflict', 'revert_conflict'],
  examples: [{
    title: 'Undo the creation of a CRM connection',
    setup: [
      { operation: 'crm.create', params: { name: 'Created by mistake', url: 'https://crm.example.com' }, as: 'crm' },
      { operation: 'audit.list', params: { operation: 'crm.create', per_page: 1 }, as: 'log' },
    ],
    params: { audit_id: '{{log.items.0.id}}' },
    confirm: true,
  }],
  params: z.object({
    audit_id: z.number().int().positive().optional().describe('The call to undo; or trace_id.'),
    trace_id: z.string().regex(TRACE_ID).optional().describe('Every call of this W3C trace.'),
  }),
  returns: z.object({
    reverted: z.array(z.object({ audit_id: z.number().int(), operation: z.string() })).describe('The calls undone, newest first.'),
    restored: z.array(z.object({
      entity: z.string(),
      id: z.union([z.string(), z.number()]),
      undid: z.enum(['create', 'update', 'delete']).describe('create: the row was deleted; update: it has its before image again; delete: it is back.'),
    })).describe('Every row put back, in the order it was.'),
    cannot_undo: z.array(effectRecord.extend({ audit_id: z.number().int() })).describe('What the calls caused outside the site, which no revert takes back.'),
  }),
  async target ({ audit_id, trace_id }) {
    return audit_id !== undefined ? `the changes of audit entry ${audit_id}` : `the changes of every call of trace ${trace_id}`
  },
  async handler ({ audit_id, trace_id }, { db }) {
    if ((audit_id === undefined) === (trace_id === undefined)) throw invalidParams('send audit_id or trace_id (one of them)')
    const entries = await entriesToRevert(db, audit_id, trace_id)
    const undone = await db.$transaction(async tx => {
      const { undone, conflicts } = await undoAll(tx, entries)
      if (conflicts.length > 0) throw revertConflict(conflicts)
      return undone
    })
    return {
      data: {
        reverted: entries.map(entry => ({ audit_id: entry.id, operation: entry.operation })),
        restored: undone,
        cannot_undo: entries.flatMap(entry => entry.changeSet.effects.map(effect => ({ audit_id: entry.id, ...effect }))),
      },
      changed: undone.length > 0,
    }
  },
})
