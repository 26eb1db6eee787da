import type { AuditWriter } from './writer.ts'
import type { AuditRecord } from './record.ts'
import { recordSafely } from './record-safely.ts'

/**
 * The audit entry of a refusal no operation's pipeline saw: a refused authentication, a caller
 * without any capability at the MCP endpoint, a refused read of the manifest or the OpenAPI
 * document. Calls of operations are audited by `callOperation` alone.
 */
export async function auditOutsideOperation (
  holder: { audit: AuditWriter, log: (message: string, error: unknown) => void },
  entry: Omit<AuditRecord, 'ok' | 'changed' | 'durationMs'> & { durationMs?: number },
): Promise<void> {
  await recordSafely(holder, { ...entry, ok: false, changed: false, durationMs: entry.durationMs ?? 0 })
}
