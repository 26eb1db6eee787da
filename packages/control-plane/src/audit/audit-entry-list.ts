import { list } from '@keystone-6/core'
import { checkbox, integer, json, text, timestamp } from '@keystone-6/core/fields'
import type { ListAccess } from '../auth/list-access.ts'

/** One row per dispatch. The actor is copied, not linked, so entries outlive the account. */
export const auditEntryList = ({ access, ui }: ListAccess) => list({
  access,
  ui: { ...ui, label: 'Audit log', listView: { initialColumns: ['at', 'operation', 'channel', 'actorEmail', 'ok', 'code'] } },
  db: { map: 'svc_audit_entries', idField: { kind: 'autoincrement' } },
  fields: {
    at: timestamp({ defaultValue: { kind: 'now' }, isIndexed: true }),
    operation: text({ isIndexed: true }),
    /** The door the call came in through: dispatch, read_form, mcp. */
    channel: text({ defaultValue: 'dispatch', isIndexed: true }),
    /** The MCP tool name, for calls through the mcp channel. */
    tool: text({ db: { isNullable: true } }),
    actorId: text(),
    actorEmail: text(),
    mode: text(),
    keyId: text({ db: { isNullable: true } }),
    ok: checkbox(),
    changed: checkbox(),
    code: text({ db: { isNullable: true } }),
    durationMs: integer({ defaultValue: 0 }),
    params: json({ defaultValue: {} }),
  },
})
