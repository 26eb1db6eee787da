import { HStack, VStack } from '@keystar/ui/layout'
import { css, tokenSchema } from '@keystar/ui/style'
import { Text } from '@keystar/ui/typography'
import { CopyButton } from '../copy-button.tsx'

const url = css({
  flex: 1,
  minWidth: 0,
  padding: tokenSchema.size.space.regular,
  borderRadius: tokenSchema.size.radius.regular,
  border: `${tokenSchema.size.border.regular} solid ${tokenSchema.color.border.neutral}`,
  backgroundColor: tokenSchema.color.background.canvas,
  fontFamily: tokenSchema.typography.fontFamily.code,
  overflowWrap: 'anywhere',
  userSelect: 'all',
})

/** A URL to paste into a client: what it serves, the URL itself (selectable whole), and a Copy button. */
export function CopyableUrl ({ label, value, testId }: { label: string, value: string, testId: string }) {
  return (
    <VStack gap='small'>
      <Text weight='medium'>{label}</Text>
      <HStack gap='regular' alignItems='center'>
        <code className={url} data-testid={testId}>{value}</code>
        <CopyButton text={value} label={`Copy the ${label}`} />
      </HStack>
    </VStack>
  )
}
