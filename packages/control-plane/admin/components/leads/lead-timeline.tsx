import { Badge } from '@keystar/ui/badge'
import { HStack, VStack } from '@keystar/ui/layout'
import { css, tokenSchema } from '@keystar/ui/style'
import { Text } from '@keystar/ui/typography'
import type { LeadEvent } from '../../lib/records.ts'
import { formatTime } from '../../lib/format.ts'

const list = css({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: tokenSchema.size.space.regular })

const entry = css({
  borderInlineStart: `${tokenSchema.size.border.large} solid ${tokenSchema.color.border.accent}`,
  paddingInlineStart: tokenSchema.size.space.medium,
  paddingBlock: tokenSchema.size.space.small,
  '&[data-broken]': { borderInlineStartColor: tokenSchema.color.border.critical, backgroundColor: tokenSchema.color.background.critical },
})

const data = css({
  margin: 0,
  fontFamily: tokenSchema.typography.fontFamily.code,
  fontSize: tokenSchema.typography.text.small.size,
  color: tokenSchema.color.foreground.neutralSecondary,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
})

/** The lead's events in chain order; the first one that breaks the chain is marked. */
export function LeadTimeline ({ events, brokenAt }: { events: readonly LeadEvent[], brokenAt: number | null }) {
  if (events.length === 0) return <Text color='neutralSecondary'>No events.</Text>
  return (
    <ol className={list} aria-label='Event timeline'>
      {events.map((event, index) => {
        const position = index + 1
        const broken = brokenAt === position
        return (
          <li key={event.seq ?? position} className={entry} data-broken={broken ? '' : undefined}>
            <VStack gap='small'>
              <HStack gap='regular' alignItems='center'>
                <Text weight='semibold'>{position}. {event.type ?? 'event'}</Text>
                <Text size='small' color='neutralSecondary'>{formatTime(event.at)}</Text>
                {broken && <Badge tone='critical'>chain breaks here</Badge>}
              </HStack>
              {event.data !== undefined && event.data !== null && Object.keys(event.data).length > 0 && (
                <pre className={data}>{JSON.stringify(event.data)}</pre>
              )}
            </VStack>
          </li>
        )
      })}
    </ol>
  )
}
