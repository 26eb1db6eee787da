import { useState } from 'react'
import { Button } from '@keystar/ui/button'
import { HStack, VStack } from '@keystar/ui/layout'
import { TextField } from '@keystar/ui/text-field'
import { useRouter } from '@keystone-6/core/admin-ui/router'
import type { Manifest } from '../../lib/svc-client.ts'
import { useOperation } from '../../lib/use-operation.ts'
import { OperationState } from '../operation-state.tsx'
import { Pager } from '../pager.tsx'
import { Panel } from '../panel.tsx'
import { LeadDetailView } from './lead-detail.tsx'
import { LeadTable } from './lead-table.tsx'
import { LeadsPerDay } from './leads-per-day.tsx'
import { LeadStatusFunnel } from './lead-status-funnel.tsx'

const PER_PAGE = 20

/** Leads, a page at a time and filterable by source; `?lead=<id>` opens one. */
export function LeadsOverview ({ manifest }: { manifest: Manifest }) {
  const router = useRouter()
  const [page, setPage] = useState(1)
  const [sourceInput, setSourceInput] = useState('')
  const [source, setSource] = useState('')
  const opened = typeof router.query.lead === 'string' && /^\d+$/.test(router.query.lead) ? Number(router.query.lead) : null
  const leads = useOperation(opened === null
    ? { resource: 'leads', action: 'list', params: { page, per_page: PER_PAGE, ...(source ? { source } : {}) } }
    : null)

  const open = (id: number | null) => {
    void router.push({ pathname: router.pathname, query: id === null ? {} : { lead: String(id) } }, undefined, { shallow: true })
  }

  if (opened !== null) return <LeadDetailView manifest={manifest} id={opened} onBack={() => open(null)} />
  return (
    <VStack gap='xlarge'>
      <LeadsPerDay />
      <LeadStatusFunnel />
      <Panel
        title='Captured leads'
        actions={
          <form onSubmit={event => { event.preventDefault(); setPage(1); setSource(sourceInput.trim()) }}>
            <HStack gap='regular' alignItems='end'>
              <TextField aria-label='Source' placeholder='Filter by source' value={sourceInput} onChange={setSourceInput} width='scale.2400' />
              <Button type='submit'>Filter</Button>
            </HStack>
          </form>
        }
      >
        <OperationState state={leads}>
          {data => (
            <VStack gap='large'>
              <LeadTable leads={data.items} onOpen={lead => open(lead.id)} />
              <Pager page={data.page} perPage={data.per_page} total={data.total} noun='lead' onPage={setPage} />
            </VStack>
          )}
        </OperationState>
      </Panel>
    </VStack>
  )
}
