import { z } from 'zod'
import type { SvcAuditEntry } from '../../../generated/prisma/client.ts'
import { addedIn } from '../../kernel/registry/since.ts'
import { isoOrNull } from '../../platform/lib/timestamps.ts'
import type { ChangeSet } from '../../platform/change-sets/change.ts'
import { sealedChanges } from '../../platform/change-sets/sealed-view.ts'
import { changeRecord, effectRecord } from '../../platform/change-sets/change-schema.ts'

export const auditEntry = z.object({
  id: z.number().int(),
  at: z.string().nullable(),
  operation: z.string(),
  channel: z.string().describe('The door the call came in through: dispatch, read_form, route (the route per operation) or mcp.'),
  tool: z.string().nullable().describe('The MCP tool name, for calls through mcp.'),
  actor_id: z.string().nullable().describe('Null for a refusal before any account was identified (no credentials, a bad key).'),
  actor_email: z.string().nullable(),
  mode: z.string(),
  key_id: z.string().nullable(),
  ok: z.boolean(),
  changed: z.boolean(),
  code: z.string().nullable(),
  duration_ms: z.number().int(),
  params: z.unknown(),
  request_id: z.string().nullable().describe('The Request-Id of the response.'),
  trace_id: z.string().nullable().describe('The W3C trace id of the call: from the traceparent it was sent with (HTTP header, or MCP _meta), else made for it.'),
  changes: z.array(changeRecord).describe('Every row the call created, updated or deleted, oldest first; empty for a call that wrote nothing (a read, a refusal). Bookkeeping rows (audit, idempotency, rate windows, outbox, tallies, jobs) are not changes.').meta(addedIn('1.5.000')),
  effects: z.array(effectRecord).describe('What the call caused that leaves the site and no revert takes back: events and the messages the outbox sends.').meta(addedIn('1.5.000')),
  preview: z.boolean().describe('A preview (preview: true): its changes are what the call would have changed; nothing of it was written.').meta(addedIn('1.5.000')),
  changes_complete: z.boolean().describe('False when the call wrote more rows than a change set keeps (1,000): its changes are cut short and it cannot be reverted.').meta(addedIn('1.5.000')),
})

/** An audit row as audit.list and audit.get answer it. */
export function toAuditEntry (row: SvcAuditEntry): z.input<typeof auditEntry> {
  const changeSet = row.changeSet as ChangeSet | null
  return {
    id: row.id,
    at: isoOrNull(row.at),
    operation: row.operation,
    channel: row.channel,
    tool: row.tool,
    actor_id: row.actorId,
    actor_email: row.actorEmail,
    mode: row.mode,
    key_id: row.keyId,
    ok: row.ok,
    changed: row.changed,
    code: row.code,
    duration_ms: row.durationMs ?? 0,
    params: row.params,
    request_id: row.requestId,
    trace_id: row.traceId,
    changes: sealedChanges(changeSet),
    effects: changeSet?.effects ?? [],
    preview: changeSet?.preview === true,
    changes_complete: changeSet?.complete ?? true,
  }
}
