import { Button } from '@keystar/ui/button'
import { HStack, VStack } from '@keystar/ui/layout'
import { Notice } from '@keystar/ui/notice'
import { Content } from '@keystar/ui/slots'
import { Heading, Text } from '@keystar/ui/typography'
import { CopyButton } from '../copy-button.tsx'
import type { ShownSecret } from './types.ts'

/** The only time a signing secret is on screen: copy it into the receiver, then dismiss. */
export function SecretNotice ({ shown, onDismiss }: { shown: ShownSecret, onDismiss: () => void }) {
  return (
    <Notice tone='caution' data-testid='webhook-secret'>
      <Heading>Copy the signing secret of {shown.id} now</Heading>
      <Content>
        <VStack gap='medium'>
          <Text>It is shown only this once. Your receiver verifies each delivery's <code>webhook-signature</code> with it (Standard Webhooks).</Text>
          <HStack gap='regular' alignItems='center'>
            <code data-testid='webhook-secret-plaintext' style={{ flex: 1, overflowWrap: 'anywhere', userSelect: 'all' }}>{shown.secret}</code>
            <CopyButton text={shown.secret} />
            <Button onPress={onDismiss}>Done</Button>
          </HStack>
        </VStack>
      </Content>
    </Notice>
  )
}
