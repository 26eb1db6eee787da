import type { AuditWriter } from './writer.ts'
import type { AuditRecord } from './record.ts'

/** An entry the log could not take must not turn the call's answer into a failure. */
export async function recordSafely (holder: { audit: AuditWriter, log: (message: string, error: unknown) => void }, entry: AuditRecord): Promise<void> {
  try {
    await holder.audit.record(entry)
  } catch (error) {
    holder.log('could not write the audit entry', error)
  }
}
