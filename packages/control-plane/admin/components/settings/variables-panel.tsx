import { useState } from 'react'
import { ActionButton } from '@keystar/ui/button'
import { Button } from '@keystar/ui/button'
import { DialogContainer } from '@keystar/ui/dialog'
import { HStack, VStack } from '@keystar/ui/layout'
import { css, tokenSchema } from '@keystar/ui/style'
import { TextField } from '@keystar/ui/text-field'
import type { Variable } from '../../lib/records.ts'
import { formatTime } from '../../lib/format.ts'
import { useAction } from '../../lib/use-action.ts'
import { useOperation } from '../../lib/use-operation.ts'
import { ConfirmDialog } from '../confirm-dialog.tsx'
import { DataTable, type Column } from '../data-table.tsx'
import { EmptyState } from '../empty-state.tsx'
import { FailureNotice } from '../failure-notice.tsx'
import { OperationState } from '../operation-state.tsx'
import { Pager } from '../pager.tsx'
import { Panel } from '../panel.tsx'
import { VariableEditor } from './variable-editor.tsx'

const PER_PAGE = 20

const preview = css({ fontFamily: tokenSchema.typography.fontFamily.code, fontSize: tokenSchema.typography.text.small.size, whiteSpace: 'nowrap' })

function columns (onEdit: (variable: Variable) => void, onDelete: (variable: Variable) => void): Column<Variable>[] {
  return [
    { key: 'name', header: 'Name', width: '14rem', cell: variable => <code>{variable.name}</code> },
    { key: 'value', header: 'Value', cell: variable => <span className={preview} title={JSON.stringify(variable.value, null, 2)}>{JSON.stringify(variable.value)}</span> },
    { key: 'description', header: 'Description', width: '16rem', cell: variable => variable.description ?? '—' },
    { key: 'updated', header: 'Updated', width: '9.5rem', cell: variable => formatTime(variable.updated_at) },
    {
      key: 'actions',
      header: 'Actions',
      width: '9.5rem',
      cell: variable => (
        <HStack gap='small'>
          <ActionButton onPress={() => onEdit(variable)} aria-label={`Edit ${variable.name}`}>Edit</ActionButton>
          <ActionButton onPress={() => onDelete(variable)} aria-label={`Delete ${variable.name}`}>Delete</ActionButton>
        </HStack>
      ),
    },
  ]
}

/** Site variables by prefix, a page at a time; each edited as JSON or deleted after a confirmation. */
export function VariablesPanel () {
  const [page, setPage] = useState(1)
  const [prefixInput, setPrefixInput] = useState('')
  const [prefix, setPrefix] = useState('')
  const [editing, setEditing] = useState<Variable | 'new' | null>(null)
  const [deleting, setDeleting] = useState<Variable | null>(null)
  const remove = useAction()
  const variables = useOperation({ resource: 'variables', action: 'list', params: { page, per_page: PER_PAGE, ...(prefix ? { prefix } : {}) } })

  async function confirmDelete (variable: Variable) {
    await remove.run({ resource: 'variables', action: 'delete', params: { name: variable.name }, confirm: true })
    variables.reload()
  }

  if (editing !== null) {
    return (
      <VariableEditor
        variable={editing === 'new' ? null : editing}
        onSaved={() => { setEditing(null); variables.reload() }}
        onCancel={() => setEditing(null)}
      />
    )
  }
  return (
    <Panel
      testId='variables'
      title='Variables'
      actions={
        <HStack gap='regular' alignItems='end'>
          <form onSubmit={event => { event.preventDefault(); setPage(1); setPrefix(prefixInput.trim()) }}>
            <HStack gap='regular'>
              <TextField aria-label='Name prefix' placeholder='Filter by prefix, e.g. site.' value={prefixInput} onChange={setPrefixInput} width='scale.3000' />
              <Button type='submit'>Filter</Button>
            </HStack>
          </form>
          <Button prominence='high' onPress={() => setEditing('new')}>New variable</Button>
        </HStack>
      }
    >
      {remove.failure && <FailureNotice failure={remove.failure} title='The variable was not deleted' />}
      <OperationState state={variables}>
        {data => data.total === 0
          ? (
            <EmptyState title={prefix ? `No variable starts with “${prefix}”` : 'No variable yet'}>
              Variables hold site-wide values that code and content read by name, such as a tagline or the CRM that receives leads. Create one with “New variable”.
            </EmptyState>
            )
          : (
            <VStack gap='large'>
              <DataTable label='Variables' columns={columns(setEditing, setDeleting)} rows={data.items} rowKey={variable => variable.name} empty='' />
              <Pager page={data.page} perPage={data.per_page} total={data.total} noun='variable' onPage={setPage} />
            </VStack>
            )}
      </OperationState>
      <DialogContainer onDismiss={() => setDeleting(null)}>
        {deleting && (
          <ConfirmDialog title={`Delete ${deleting.name}?`} actionLabel='Delete variable' onConfirm={() => { void confirmDelete(deleting) }}>
            Code reading <code>{deleting.name}</code> gets nothing from then on. This cannot be undone.
          </ConfirmDialog>
        )}
      </DialogContainer>
    </Panel>
  )
}
