import { operation } from '../../lib/svc-client.ts'
import { Badge } from '@keystar/ui/badge'
import { HStack, VStack } from '@keystar/ui/layout'
import { Switch } from '@keystar/ui/switch'
import { Text } from '@keystar/ui/typography'
import { plural } from '../../lib/format.ts'
import { MODULE_SIDE_EFFECTS, moduleName } from '../../lib/module-words.ts'
import type { ModuleState } from '../../lib/records.ts'
import { useAction } from '../../lib/use-action.ts'
import { useOperation } from '../../lib/use-operation.ts'
import { DataTable, type Column } from '../data-table.tsx'
import { FailureNotice } from '../failure-notice.tsx'
import { OperationState } from '../operation-state.tsx'
import { Panel } from '../panel.tsx'

const LIST = operation('modules', 'list')

function consequence (module: ModuleState): string {
  if (module.locked) return 'Part of the control plane itself: it cannot be switched off.'
  const operations = module.operations.length === 0 ? '' : `Its ${plural(module.operations.length, 'operation')} answer “module disabled”.`
  return [operations, MODULE_SIDE_EFFECTS[module.key]].filter(Boolean).join(' ')
}

/** Every module with a switch, what switching it off stops, and the locked ones marked as such. */
export function ModulesPanel () {
  const modules = useOperation(LIST)
  const toggle = useAction()

  async function switchModule (module: ModuleState, enabled: boolean) {
    await toggle.run({ resource: 'modules', action: enabled ? 'enable' : 'disable', params: { module: module.key } })
    modules.reload()
  }

  const columns: Column<ModuleState>[] = [
    {
      key: 'switch',
      header: 'On',
      width: '5rem',
      cell: module => (
        <Switch
          isSelected={module.enabled}
          isDisabled={module.locked || toggle.pending}
          onChange={enabled => { void switchModule(module, enabled) }}
          aria-label={`${moduleName(module.key)} module`}
        />
      ),
    },
    {
      key: 'module',
      header: 'Module',
      width: '13rem',
      cell: module => (
        <HStack gap='regular' alignItems='center'>
          <Text weight='semibold'>{moduleName(module.key)}</Text>
          {module.locked && <Badge tone='neutral'>Locked</Badge>}
        </HStack>
      ),
    },
    {
      key: 'effect',
      header: 'Switching it off',
      cell: module => (
        <VStack gap='small'>
          <Text>{consequence(module)}</Text>
          {!module.locked && module.operations.length > 0 && (
            <Text size='small' color='neutralSecondary' title={module.operations.join(', ')}>{module.operations.join(' · ')}</Text>
          )}
        </VStack>
      ),
    },
  ]

  return (
    <Panel testId='modules' title='Modules'>
      <Text color='neutralSecondary'>Switching a module off keeps its data; switching it back on restores it as it was.</Text>
      {toggle.failure && <FailureNotice failure={toggle.failure} title='The module was not switched' />}
      <OperationState state={modules}>
        {data => <DataTable label='Modules' columns={columns} rows={data.modules} rowKey={module => module.key} empty='' />}
      </OperationState>
    </Panel>
  )
}
