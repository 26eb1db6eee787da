import { Flex, HStack } from '@keystar/ui/layout'
import { css } from '@keystar/ui/style'
import { Text } from '@keystar/ui/typography'

const swatch = (color: string) => css({ display: 'inline-block', width: 12, height: 12, borderRadius: 2, backgroundColor: color })

/** Names each series' colour beside a swatch of it. */
export function ChartLegend ({ series, color }: { series: readonly string[], color: (name: string) => string }) {
  return (
    <Flex gap='large' wrap>
      {series.map(name => <HStack key={name} gap='small' alignItems='center'><span className={swatch(color(name))} /><Text>{name}</Text></HStack>)}
    </Flex>
  )
}
