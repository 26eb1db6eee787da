import type { AuditWriter } from './writer.ts'
import type { AuditRecord } from './record.ts'
import { recordSafely } from './record-safely.ts'

/**
 * An audit entry no operation's call is: a refusal no pipeline saw (a refused authentication, a
 * caller without any capability at the MCP endpoint, a refused read of the manifest or the OpenAPI
 * document; `ok` false, the default), or a side call an operation makes to another system
 * (`context.auditSideCall`). Calls of operations are audited by `callOperation` alone.
 */
export async function auditOutsideOperation (
  holder: { audit: AuditWriter, log: (message: string, error: unknown) => void },
  entry: Omit<AuditRecord, 'ok' | 'changed' | 'durationMs'> & Partial<Pick<AuditRecord, 'ok' | 'changed' | 'durationMs'>>,
): Promise<void> {
  await recordSafely(holder, { ...entry, ok: entry.ok ?? false, changed: entry.changed ?? false, durationMs: entry.durationMs ?? 0 })
}
