import { useState } from 'react'
import { VStack } from '@keystar/ui/layout'
import type { Manifest } from '../../lib/svc-client.ts'
import { useOperation } from '../../lib/use-operation.ts'
import { OperationState } from '../operation-state.tsx'
import { Pager } from '../pager.tsx'
import { Panel } from '../panel.tsx'
import { AuditFilters, auditParams, NO_FILTER, type AuditFilter } from './audit-filters.tsx'
import { AuditEntryChanges } from './audit-entry-changes.tsx'
import { AuditTable } from './audit-table.tsx'

const PER_PAGE = 20

/** Every dispatch, newest first, a page at a time (audit.list); a call's changes as a diff, with Revert. */
export function AuditLog ({ manifest }: { manifest: Manifest }) {
  const [filter, setFilter] = useState<AuditFilter>(NO_FILTER)
  const [page, setPage] = useState(1)
  const [shown, setShown] = useState<number | null>(null)
  const entries = useOperation({ resource: 'audit', action: 'list', params: { page, per_page: PER_PAGE, ...auditParams(filter) } })
  return (
    <VStack gap='xlarge'>
      <Panel title='Filters'>
        <AuditFilters operations={manifest.operations.map(operation => operation.name)} filter={filter} onChange={next => { setFilter(next); setPage(1) }} />
      </Panel>
      {shown !== null && <AuditEntryChanges key={shown} id={shown} manifest={manifest} onClose={() => setShown(null)} onReverted={entries.reload} />}
      <Panel title='Entries'>
        <OperationState state={entries}>
          {data => (
            <VStack gap='large'>
              <AuditTable entries={data.items} onShow={entry => setShown(entry.id)} />
              <Pager page={data.page} perPage={data.per_page} total={data.total} noun='entry' nouns='entries' onPage={setPage} />
            </VStack>
          )}
        </OperationState>
      </Panel>
    </VStack>
  )
}
