import { VStack } from '@keystar/ui/layout'
import { Text } from '@keystar/ui/typography'
import type { Effect } from '../../../src/platform/change-sets/change.ts'

/** One effect in words: an event recorded, or a message the outbox sends (a webhook delivery, a forwarded post, a contact push) and to whom. */
const effectText = (effect: Effect): string => effect.kind === 'event'
  ? `event ${effect.name}`
  : `${effect.name}${effect.target ? ` to ${effect.target}` : ''}`

type EffectListProps = {
  effects: readonly Effect[]
  /** What these effects are to the reader, e.g. "Cannot be undone". */
  title: string
  testId: string
}

/** What a call caused, or would cause, outside the site: nothing a revert takes back. Nothing at all when there is none. */
export function EffectList ({ effects, title, testId }: EffectListProps) {
  if (effects.length === 0) return null
  return (
    <VStack gap='small' data-testid={testId}>
      <Text weight='medium'>{title}</Text>
      <ul style={{ margin: 0 }}>
        {effects.map((effect, index) => <li key={index}><Text><code>{effectText(effect)}</code></Text></li>)}
      </ul>
    </VStack>
  )
}
