import { VStack } from '@keystar/ui/layout'
import { css, tokenSchema } from '@keystar/ui/style'
import { Heading, Text } from '@keystar/ui/typography'
import type { RunOutcome } from '../../lib/records.ts'
import { codeBox } from '../code-box.ts'
import { textChanges } from '../../lib/text-diff.ts'

const block = css({
  ...codeBox,
  lineHeight: 1.6,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  maxHeight: '28rem',
  ins: { backgroundColor: tokenSchema.color.background.positive, color: tokenSchema.color.foreground.positive, textDecoration: 'none' },
  del: { backgroundColor: tokenSchema.color.background.critical, color: tokenSchema.color.foreground.critical },
})

/** Each field a run changed: removed words struck through in red, added ones in green. */
export function ContentDiff ({ changes }: { changes: RunOutcome['changes'] }) {
  if (changes.length === 0) return <Text color='neutralSecondary'>The stages left the post as it was.</Text>
  return (
    <VStack gap='large' data-testid='content-diff'>
      {changes.map(change => (
        <VStack key={change.field} gap='regular'>
          <Heading elementType='h4' size='small'>{change.field}</Heading>
          <pre className={block} aria-label={`Changes to ${change.field}`}>
            {textChanges(change.before, change.after).map((part, index) => {
              if (part.added) return <ins key={index}>{part.value}</ins>
              if (part.removed) return <del key={index}>{part.value}</del>
              return <span key={index}>{part.value}</span>
            })}
          </pre>
        </VStack>
      ))}
    </VStack>
  )
}
