import { Flex } from '@keystar/ui/layout'
import { Item, Picker } from '@keystar/ui/picker'
import { TextField } from '@keystar/ui/text-field'

export type AuditFilter = { operation: string, outcome: 'any' | 'ok' | 'failed', since: string }

export const NO_FILTER: AuditFilter = { operation: '', outcome: 'any', since: '' }

const ANY = '__any__'

/** audit.list's filters as params; empty ones are left out. */
export function auditParams (filter: AuditFilter): Record<string, unknown> {
  return {
    ...(filter.operation ? { operation: filter.operation } : {}),
    ...(filter.outcome === 'any' ? {} : { ok: filter.outcome === 'ok' }),
    ...(filter.since ? { since: filter.since } : {}),
  }
}

type AuditFiltersProps = { operations: readonly string[], filter: AuditFilter, onChange: (filter: AuditFilter) => void }

/** Operation, outcome and since. */
export function AuditFilters ({ operations, filter, onChange }: AuditFiltersProps) {
  const operationItems = [{ key: ANY, label: 'Any operation' }, ...operations.map(name => ({ key: name, label: name }))]
  return (
    <Flex gap='large' alignItems='end' wrap>
      <Picker
        label='Operation'
        items={operationItems}
        selectedKey={filter.operation || ANY}
        onSelectionChange={key => onChange({ ...filter, operation: key === ANY || key === null ? '' : String(key) })}
        width='scale.3000'
      >
        {item => <Item key={item.key}>{item.label}</Item>}
      </Picker>
      <Picker
        label='Outcome'
        selectedKey={filter.outcome}
        onSelectionChange={key => onChange({ ...filter, outcome: key === 'ok' || key === 'failed' ? key : 'any' })}
        width='scale.2000'
      >
        <Item key='any'>Any outcome</Item>
        <Item key='ok'>Succeeded</Item>
        <Item key='failed'>Failed</Item>
      </Picker>
      <TextField label='Since' type='date' value={filter.since} onChange={since => onChange({ ...filter, since })} width='scale.2000' />
    </Flex>
  )
}
