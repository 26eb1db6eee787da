import { AxisBottom, AxisLeft } from '@visx/axis'
import { scaleBand, scaleLinear } from '@visx/scale'
import { BarStack } from '@visx/shape'
import { VStack } from '@keystar/ui/layout'
import { tokenSchema } from '@keystar/ui/style'
import { ChartLegend } from './chart-legend.tsx'
import { ChartNumbers } from './chart-numbers.tsx'
import { seriesColors } from './palette.ts'

/** One bar: its label (a day, an hour) and its value per series. */
type StackedBar = { label: string, counts: Readonly<Record<string, number>> }

type StackedBarChartProps = {
  /** What the chart shows, read out by screen readers and shown as its caption. */
  title: string
  bars: readonly StackedBar[]
  series: readonly string[]
  testId: string
  /** What a bar's label is, as the hidden table's first heading. */
  labelHeading?: string
  /** A label as the axis shows it (the default drops a day's year). */
  tickFormat?: (label: string) => string
  /** Colours by series name, for a series that has one of its own (`OUTCOME_COLORS`); the rest take the palette in order. */
  colors?: Readonly<Record<string, string>>
}

const WIDTH = 880
const HEIGHT = 240
const MARGIN = { top: 10, right: 10, bottom: 30, left: 40 }

const dropYear = (label: string) => label.slice(5)

/**
 * Bars of counts stacked by series (leads per day by source, calls per hour by door), drawn as SVG
 * with visx. Screen readers get the title and a table of the same numbers; the legend names each colour.
 */
export function StackedBarChart ({ title, bars, series, testId, labelHeading = 'Day', tickFormat = dropYear, colors = {} }: StackedBarChartProps) {
  const rows = bars.map(bar => ({ label: bar.label, ...Object.fromEntries(series.map(name => [name, bar.counts[name] ?? 0])) }))
  const highest = Math.max(1, ...bars.map(bar => Object.values(bar.counts).reduce((sum, n) => sum + n, 0)))
  const x = scaleBand<string>({ domain: bars.map(bar => bar.label), range: [MARGIN.left, WIDTH - MARGIN.right], padding: 0.2 })
  const y = scaleLinear<number>({ domain: [0, highest], range: [HEIGHT - MARGIN.bottom, MARGIN.top], nice: true })
  const color = seriesColors(series, colors)
  const every = Math.max(1, Math.ceil(bars.length / 10))
  return (
    <VStack gap='regular' data-testid={testId}>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width='100%' role='img' aria-label={title}>
        <BarStack data={rows} keys={[...series]} x={row => row.label} xScale={x} yScale={y} color={color}>
          {stacks => stacks.map(stack => stack.bars.filter(bar => bar.height > 0).map(bar => (
            <rect key={`${stack.index}-${bar.index}`} x={bar.x} y={bar.y} width={bar.width} height={bar.height} fill={bar.color}>
              <title>{`${bar.bar.data.label}, ${stack.key}: ${bar.bar[1] - bar.bar[0]}`}</title>
            </rect>
          )))}
        </BarStack>
        <AxisLeft scale={y} left={MARGIN.left} numTicks={4} tickFormat={value => String(value)} stroke={tokenSchema.color.border.neutral} />
        <AxisBottom
          scale={x}
          top={HEIGHT - MARGIN.bottom}
          tickValues={bars.map(bar => bar.label).filter((_, index) => index % every === 0)}
          tickFormat={label => tickFormat(label)}
          stroke={tokenSchema.color.border.neutral}
        />
      </svg>
      <ChartLegend series={series} color={color} />
      <ChartNumbers title={title} labelHeading={labelHeading} rows={bars} series={series} />
    </VStack>
  )
}
