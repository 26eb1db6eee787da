import { Grid } from '@keystar/ui/layout'
import { StatusLight } from '@keystar/ui/status-light'
import { Text } from '@keystar/ui/typography'
import type { HealthSignal } from '../../lib/health.ts'

const TONE_WORD = { positive: 'fine', neutral: 'note', caution: 'check', critical: 'failing' } as const

/** Each area of the site's health: a coloured light, its name, and how it stands in words. */
export function HealthLines ({ signals }: { signals: readonly HealthSignal[] }) {
  return (
    <Grid columns='9rem minmax(0, 1fr)' columnGap='large' rowGap='medium' alignItems='center'>
      {signals.map(signal => [
        <StatusLight key={`${signal.key}-light`} tone={signal.tone} aria-label={`${signal.label}: ${TONE_WORD[signal.tone]}`}>
          <Text weight='semibold'>{signal.label}</Text>
        </StatusLight>,
        <Text key={`${signal.key}-summary`} data-testid={`health-${signal.key}`} data-tone={signal.tone}>{signal.summary}</Text>,
      ])}
    </Grid>
  )
}
