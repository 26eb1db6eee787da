import { HStack, VStack } from '@keystar/ui/layout'
import { css } from '@keystar/ui/style'
import { Text } from '@keystar/ui/typography'
import { CopyButton } from '../copy-button.tsx'
import { copyableValue } from '../code-box.ts'

const url = css(copyableValue)

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
