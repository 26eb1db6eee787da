import { AxisBottom, AxisLeft } from '@visx/axis'
import { scaleBand, scaleLinear } from '@visx/scale'
import { BarStackHorizontal } from '@visx/shape'
import { VStack } from '@keystar/ui/layout'
import { tokenSchema } from '@keystar/ui/style'
import { ChartLegend } from './chart-legend.tsx'
import { ChartNumbers } from './chart-numbers.tsx'
import { seriesColors } from './palette.ts'

/** One row: its label (a status, a subscription) and its value per series. */
type HorizontalBar = { label: string, counts: Readonly<Record<string, number>> }

type HorizontalBarChartProps = {
  /** What the chart shows, read out by screen readers and shown as its caption. */
  title: string
  bars: readonly HorizontalBar[]
  series: readonly string[]
  testId: string
  /** What a row's label is, as the hidden table's first heading. */
  labelHeading: string
  /** Colours by series name, for a series that has one of its own (`OUTCOME_COLORS`); the rest take the palette in order. */
  colors?: Readonly<Record<string, string>>
}

const WIDTH = 880
const ROW = 34
const MARGIN = { top: 6, right: 16, bottom: 28, left: 230 }
const LONGEST_LABEL = 34

const shortened = (label: string) => label.length > LONGEST_LABEL ? `${label.slice(0, LONGEST_LABEL - 1)}…` : label

/**
 * Rows of counts stacked by series, one row per category in the order given (the lead status
 * funnel, attempts per webhook subscription), drawn as SVG with visx; like the stacked bars, named
 * by its title, a `<title>` per bar, a legend and a table of the numbers for screen readers.
 */
export function HorizontalBarChart ({ title, bars, series, testId, labelHeading, colors = {} }: HorizontalBarChartProps) {
  const height = MARGIN.top + MARGIN.bottom + ROW * Math.max(1, bars.length)
  const rows = bars.map(bar => ({ label: bar.label, ...Object.fromEntries(series.map(name => [name, bar.counts[name] ?? 0])) }))
  const highest = Math.max(1, ...bars.map(bar => Object.values(bar.counts).reduce((sum, n) => sum + n, 0)))
  const y = scaleBand<string>({ domain: bars.map(bar => bar.label), range: [MARGIN.top, height - MARGIN.bottom], padding: 0.25 })
  const x = scaleLinear<number>({ domain: [0, highest], range: [MARGIN.left, WIDTH - MARGIN.right], nice: true })
  const color = seriesColors(series, colors)
  return (
    <VStack gap='regular' data-testid={testId}>
      <svg viewBox={`0 0 ${WIDTH} ${height}`} width='100%' role='img' aria-label={title}>
        <BarStackHorizontal data={rows} keys={[...series]} y={row => row.label} xScale={x} yScale={y} color={color}>
          {stacks => stacks.map(stack => stack.bars.filter(bar => bar.width > 0).map(bar => (
            <rect key={`${stack.index}-${bar.index}`} x={bar.x} y={bar.y} width={bar.width} height={bar.height} fill={bar.color}>
              <title>{`${bar.bar.data.label}, ${stack.key}: ${bar.bar[1] - bar.bar[0]}`}</title>
            </rect>
          )))}
        </BarStackHorizontal>
        <AxisLeft scale={y} left={MARGIN.left} tickFormat={label => shortened(label)} stroke={tokenSchema.color.border.neutral} />
        <AxisBottom scale={x} top={height - MARGIN.bottom} numTicks={5} tickFormat={value => String(value)} stroke={tokenSchema.color.border.neutral} />
      </svg>
      <ChartLegend series={series} color={color} />
      <ChartNumbers title={title} labelHeading={labelHeading} rows={bars} series={series} />
    </VStack>
  )
}
