import { Button } from '@keystar/ui/button'
import { HStack, VStack } from '@keystar/ui/layout'
import { Notice } from '@keystar/ui/notice'
import { Content } from '@keystar/ui/slots'
import { css, tokenSchema } from '@keystar/ui/style'
import { Heading, Text } from '@keystar/ui/typography'
import type { MintedApiKey } from '../../lib/records.ts'
import { CopyButton } from '../copy-button.tsx'
import { copyableValue } from '../code-box.ts'

const plaintext = css({ ...copyableValue, fontSize: tokenSchema.typography.text.regular.size })

/** The only time a key's plaintext is on screen: copy it, then dismiss. */
export function MintedKeyNotice ({ minted, onDismiss }: { minted: MintedApiKey, onDismiss: () => void }) {
  return (
    <Notice tone='caution' data-testid='minted-key'>
      <Heading>Copy the key “{minted.label}” now</Heading>
      <Content>
        <VStack gap='medium'>
          <Text>It is shown only this once: only its digest is stored, so it cannot be shown again. Keep it somewhere safe; whoever holds it acts as you.</Text>
          <HStack gap='regular' alignItems='center'>
            <code className={plaintext} data-testid='minted-key-plaintext'>{minted.key}</code>
            <CopyButton text={minted.key} />
            <Button onPress={onDismiss}>Done</Button>
          </HStack>
        </VStack>
      </Content>
    </Notice>
  )
}
