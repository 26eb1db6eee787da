import { list } from '@keystone-6/core'
import { checkbox, integer, json, text, timestamp } from '@keystone-6/core/fields'
import type { ListAccess } from '../auth/list-access.ts'
import { compoundIndexes } from '../db/compound-index.ts'

/** One row per dispatch. The actor is copied, not linked, so entries outlive the account. */
export const auditEntryList = ({ access, ui }: ListAccess) => list({
  access,
  ui: { ...ui, label: 'Audit log', listView: { initialColumns: ['at', 'operation', 'channel', 'actorEmail', 'ok', 'code'] } },
  db: {
    map: 'svc_audit_entries',
    idField: { kind: 'autoincrement' },
    // audit.list pages newest first by id, within a filter.
    extendPrismaSchema: compoundIndexes(['operation', 'id'], ['channel', 'id'], ['ok', 'id']),
  },
  fields: {
    at: timestamp({ defaultValue: { kind: 'now' }, isIndexed: true }),
    operation: text(),
    /** The door the call came in through: dispatch, read_form, route, mcp. */
    channel: text({ defaultValue: 'dispatch' }),
    /** The MCP tool name, for calls through the mcp channel. */
    tool: text({ db: { isNullable: true } }),
    /** Null for a refusal before any account was identified (a bad key, no credentials). */
    actorId: text({ db: { isNullable: true } }),
    actorEmail: text({ db: { isNullable: true } }),
    mode: text(),
    keyId: text({ db: { isNullable: true } }),
    ok: checkbox(),
    changed: checkbox(),
    code: text({ db: { isNullable: true } }),
    durationMs: integer({ defaultValue: 0 }),
    params: json({ defaultValue: {} }),
    /** The response's Request-Id, to find a call a caller quotes. */
    requestId: text({ db: { isNullable: true }, isIndexed: true }),
    /** The W3C trace id of the call (from its `traceparent`, or made for it), to find a call a trace names. */
    traceId: text({ db: { isNullable: true }, isIndexed: true }),
    /**
     * What the call changed (`{ changes, effects, complete }`, platform/change-sets): each row it
     * wrote with its before and after image, secrets in their sealed form. Null for a call that
     * wrote nothing. Pruned with the entry.
     */
    changeSet: json(),
  },
})
