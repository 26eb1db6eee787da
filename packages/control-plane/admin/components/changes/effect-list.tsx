import { VStack } from '@keystar/ui/layout'
import { css, tokenSchema } from '@keystar/ui/style'
import { Text } from '@keystar/ui/typography'
import type { Effect } from '../../../src/platform/change-sets/change.ts'

/** One effect in words: an event recorded, or a message the outbox sends (a webhook delivery, a forwarded post, a contact push) and to whom. */
const effectText = (effect: Effect): string => effect.kind === 'event'
  ? `event ${effect.name}`
  : `${effect.name}${effect.target ? ` to ${effect.target}` : ''}`

const list = css({
  margin: 0,
  paddingInlineStart: tokenSchema.size.space.xlarge,
  fontFamily: tokenSchema.typography.fontFamily.code,
  fontSize: tokenSchema.typography.text.small.size,
  color: tokenSchema.color.foreground.neutral,
  lineHeight: 1.6,
})

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
      <ul className={list}>
        {effects.map((effect, index) => <li key={index}>{effectText(effect)}</li>)}
      </ul>
    </VStack>
  )
}
