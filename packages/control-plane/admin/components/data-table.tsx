import { Fragment, type ReactNode } from 'react'
import { css, tokenSchema } from '@keystar/ui/style'
import { Text } from '@keystar/ui/typography'

export type Column<Row> = {
  key: string
  header: ReactNode
  cell: (row: Row) => ReactNode
  /** CSS width of the column, e.g. '8rem'. */
  width?: string
  align?: 'start' | 'end'
}

type DataTableProps<Row> = {
  label: string
  columns: Column<Row>[]
  rows: readonly Row[]
  rowKey: (row: Row) => string
  /** Shown instead of rows when there are none. */
  empty: ReactNode
  onRowPress?: (row: Row) => void
  /** Shown below a row, across the whole table (what a held call would change); nothing when it answers null. */
  detail?: (row: Row) => ReactNode
}

const table = css({
  width: '100%',
  borderCollapse: 'collapse',
  tableLayout: 'fixed',
  fontSize: tokenSchema.typography.text.regular.size,
  color: tokenSchema.color.foreground.neutral,
  'th, td': {
    padding: `${tokenSchema.size.space.regular} ${tokenSchema.size.space.regular}`,
    borderBottom: `${tokenSchema.size.border.regular} solid ${tokenSchema.color.border.muted}`,
    textAlign: 'start',
    verticalAlign: 'middle',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
  th: {
    fontSize: tokenSchema.typography.text.small.size,
    fontWeight: tokenSchema.typography.fontWeight.semibold,
    color: tokenSchema.color.foreground.neutralSecondary,
    borderBottomColor: tokenSchema.color.border.neutral,
    whiteSpace: 'nowrap',
  },
  'tr[data-pressable]': { cursor: 'pointer' },
  'tr[data-pressable]:hover td, tr[data-pressable]:focus-visible td': {
    backgroundColor: tokenSchema.color.alias.backgroundHovered,
  },
  'tr[data-pressable]:focus-visible': { outline: `${tokenSchema.size.alias.focusRing} solid ${tokenSchema.color.alias.focusRing}` },
})

/** A plain, unvirtualised table: few rows, natural height, readable cells. */
export function DataTable<Row> ({ label, columns, rows, rowKey, empty, onRowPress, detail }: DataTableProps<Row>) {
  return (
    <table className={table} aria-label={label}>
      <colgroup>
        {columns.map(column => <col key={column.key} style={column.width ? { width: column.width } : undefined} />)}
      </colgroup>
      <thead>
        <tr>
          {columns.map(column => <th key={column.key} scope='col' style={{ textAlign: column.align ?? 'start' }}>{column.header}</th>)}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 && (
          <tr>
            <td colSpan={columns.length}><Text color='neutralSecondary'>{empty}</Text></td>
          </tr>
        )}
        {rows.map(row => (
          <Fragment key={rowKey(row)}>
            <tr
              data-row={rowKey(row)}
              data-pressable={onRowPress ? '' : undefined}
              tabIndex={onRowPress ? 0 : undefined}
              onClick={onRowPress ? () => onRowPress(row) : undefined}
              onKeyDown={onRowPress ? event => { if (event.key === 'Enter') onRowPress(row) } : undefined}
            >
              {columns.map(column => <td key={column.key} style={{ textAlign: column.align ?? 'start' }}>{column.cell(row)}</td>)}
            </tr>
            {detail && <tr data-detail-of={rowKey(row)}><td colSpan={columns.length}>{detail(row)}</td></tr>}
          </Fragment>
        ))}
      </tbody>
    </table>
  )
}
