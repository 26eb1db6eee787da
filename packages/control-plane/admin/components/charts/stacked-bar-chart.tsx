import { AxisBottom, AxisLeft } from '@visx/axis'
import { scaleBand, scaleLinear, scaleOrdinal } from '@visx/scale'
import { BarStack } from '@visx/shape'
import { Flex, HStack, VStack } from '@keystar/ui/layout'
import { css, tokenSchema } from '@keystar/ui/style'
import { Text } from '@keystar/ui/typography'

/** One bar: its label (a day) and its value per series. */
type StackedBar = { label: string, counts: Readonly<Record<string, number>> }

type StackedBarChartProps = {
  /** What the chart shows, read out by screen readers and shown as its caption. */
  title: string
  bars: readonly StackedBar[]
  series: readonly string[]
  testId: string
}

/** Distinguishable on light backgrounds and for the common colour-vision deficiencies (Okabe–Ito). */
const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442', '#000000']
const WIDTH = 880
const HEIGHT = 240
const MARGIN = { top: 10, right: 10, bottom: 30, left: 40 }

const swatch = (color: string) => css({ display: 'inline-block', width: 12, height: 12, borderRadius: 2, backgroundColor: color })
const hidden = css({ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' })

/**
 * Bars of counts stacked by series (leads per day by source), drawn as SVG with visx. Screen
 * readers get the title and a table of the same numbers; the legend names each colour.
 */
export function StackedBarChart ({ title, bars, series, testId }: StackedBarChartProps) {
  const rows = bars.map(bar => ({ label: bar.label, ...Object.fromEntries(series.map(name => [name, bar.counts[name] ?? 0])) }))
  const highest = Math.max(1, ...bars.map(bar => Object.values(bar.counts).reduce((sum, n) => sum + n, 0)))
  const x = scaleBand<string>({ domain: bars.map(bar => bar.label), range: [MARGIN.left, WIDTH - MARGIN.right], padding: 0.2 })
  const y = scaleLinear<number>({ domain: [0, highest], range: [HEIGHT - MARGIN.bottom, MARGIN.top], nice: true })
  const color = scaleOrdinal<string, string>({ domain: [...series], range: PALETTE })
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
          tickFormat={label => label.slice(5)}
          stroke={tokenSchema.color.border.neutral}
        />
      </svg>
      <Flex gap='large' wrap>
        {series.map(name => <HStack key={name} gap='small' alignItems='center'><span className={swatch(color(name))} /><Text>{name}</Text></HStack>)}
      </Flex>
      <table className={hidden}>
        <caption>{title}</caption>
        <thead><tr><th>Day</th>{series.map(name => <th key={name}>{name}</th>)}</tr></thead>
        <tbody>{bars.map(bar => <tr key={bar.label}><td>{bar.label}</td>{series.map(name => <td key={name}>{bar.counts[name] ?? 0}</td>)}</tr>)}</tbody>
      </table>
    </VStack>
  )
}
