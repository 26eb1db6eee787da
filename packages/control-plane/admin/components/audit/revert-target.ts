import type { CallParams } from '../../lib/svc-client.ts'

/** What a revert undoes: one call, or every call of a trace (an agent's batch), with the words the page names it by. */
export type RevertTarget = {
  params: CallParams<'audit', 'revert'>
  /** "call 12 (crm.update)", "the 3 calls of trace 4bf9…" */
  name: string
  /** The button that starts it. */
  label: string
}

export const callTarget = (id: number, operation: string): RevertTarget => ({ params: { audit_id: id }, name: `call ${id} (${operation})`, label: 'Revert' })

export const traceTarget = (traceId: string, calls: number): RevertTarget =>
  ({ params: { trace_id: traceId }, name: `the ${calls} calls of trace ${traceId.slice(0, 8)}…`, label: `Revert all ${calls} calls of this trace` })
