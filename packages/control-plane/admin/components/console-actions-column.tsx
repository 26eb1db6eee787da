import { HStack } from '@keystar/ui/layout'
import type { Manifest } from '../lib/svc-client.ts'
import { ConsoleLink } from './console-link.tsx'
import type { Column } from './data-table.tsx'

export type ConsoleAction = { label: string, operation: string, params: Record<string, unknown> }

/** A row's actions: links into the console with the row's identifier filled in. */
export function consoleActionsColumn<Row> (manifest: Manifest, width: string, actions: (row: Row) => ConsoleAction[]): Column<Row> {
  return {
    key: 'actions',
    header: 'Actions',
    width,
    cell: row => (
      <HStack gap='medium'>
        {actions(row).map(action => (
          <ConsoleLink key={action.operation} manifest={manifest} operation={action.operation} params={action.params}>{action.label}</ConsoleLink>
        ))}
      </HStack>
    ),
  }
}
