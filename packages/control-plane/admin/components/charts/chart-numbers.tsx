import { css } from '@keystar/ui/style'

const hidden = css({ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' })

type ChartNumbersProps = {
  title: string
  labelHeading: string
  rows: ReadonlyArray<{ label: string, counts: Readonly<Record<string, number>> }>
  series: readonly string[]
}

/** The numbers a chart draws, as a table only screen readers see. */
export function ChartNumbers ({ title, labelHeading, rows, series }: ChartNumbersProps) {
  return (
    <table className={hidden}>
      <caption>{title}</caption>
      <thead><tr><th>{labelHeading}</th>{series.map(name => <th key={name}>{name}</th>)}</tr></thead>
      <tbody>{rows.map(row => <tr key={row.label}><td>{row.label}</td>{series.map(name => <td key={name}>{row.counts[name] ?? 0}</td>)}</tr>)}</tbody>
    </table>
  )
}
