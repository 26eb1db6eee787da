import { TextLink } from '@keystar/ui/link'
import type { AuditEntry, Paged } from '../../lib/records.ts'
import type { OperationState as State } from '../../lib/use-operation.ts'
import { AuditTable } from '../audit/audit-table.tsx'
import { EmptyState } from '../empty-state.tsx'
import { OperationState } from '../operation-state.tsx'

/** The latest refused or failed dispatches, from the audit log. */
export function FailedOperations ({ state }: { state: State<Paged<AuditEntry>> }) {
  return (
    <OperationState state={state}>
      {data => data.items.length === 0
        ? (
          <EmptyState title='No failed operation'>
            Every call recorded in the <TextLink href='/control-plane/audit-log'>audit log</TextLink> succeeded.
          </EmptyState>
          )
        : <AuditTable entries={data.items} />}
    </OperationState>
  )
}
