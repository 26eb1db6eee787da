import { Badge } from '@keystar/ui/badge'
import type { LeadRow } from '../../lib/records.ts'
import { formatTime } from '../../lib/format.ts'
import { DataTable, type Column } from '../data-table.tsx'

const COLUMNS: Column<LeadRow>[] = [
  { key: 'id', header: 'Id', width: '4rem', cell: lead => <code>{lead.id}</code> },
  { key: 'ref', header: 'Reference', cell: lead => <code>{lead.ref}</code> },
  { key: 'source', header: 'Source', width: '8rem', cell: lead => lead.source },
  { key: 'campaign', header: 'Campaign', width: '8rem', cell: lead => lead.campaign || '—' },
  { key: 'status', header: 'Status', width: '7.5rem', cell: lead => <Badge tone={lead.status === 'Customer' ? 'positive' : lead.status === 'Unqualified' ? 'neutral' : 'accent'}>{lead.status}</Badge> },
  { key: 'events', header: 'Events', width: '4.5rem', align: 'end', cell: lead => lead.event_count },
  { key: 'first', header: 'First seen', width: '9.5rem', cell: lead => formatTime(lead.first_seen) },
]

/** One page of leads; a row opens the lead. */
export function LeadTable ({ leads, onOpen }: { leads: readonly LeadRow[], onOpen: (lead: LeadRow) => void }) {
  return <DataTable label='Leads' columns={COLUMNS} rows={leads} rowKey={lead => String(lead.id)} empty='No leads match.' onRowPress={onOpen} />
}
