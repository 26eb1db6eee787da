import type { ReactNode } from 'react'
import { VStack } from '@keystar/ui/layout'
import { Text } from '@keystar/ui/typography'

/** A figure with its caption, e.g. "3" over "waiting". */
export function Metric ({ label, value, tone, testId }: { label: string, value: ReactNode, tone?: 'critical' | 'caution', testId?: string }) {
  const color = tone === 'critical' ? 'critical' : tone === 'caution' ? 'caution' : 'neutralEmphasis'
  return (
    <VStack gap='small' minWidth={0}>
      <Text size='large' weight='bold' color={color} variant='tabular-nums' data-testid={testId}>{value}</Text>
      <Text size='small' color='neutralSecondary'>{label}</Text>
    </VStack>
  )
}
