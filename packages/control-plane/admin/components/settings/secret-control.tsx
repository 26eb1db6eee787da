import { useState } from 'react'
import { Button } from '@keystar/ui/button'
import { DialogContainer } from '@keystar/ui/dialog'
import { Flex, VStack } from '@keystar/ui/layout'
import { StatusLight } from '@keystar/ui/status-light'
import { TextField } from '@keystar/ui/text-field'
import { Text } from '@keystar/ui/typography'
import { ConfirmDialog } from '../confirm-dialog.tsx'

type SecretControlProps = {
  /** What the secret is called mid-sentence, e.g. "API key" or "secret". */
  noun: string
  description?: string | null | undefined
  isSet: boolean
  pending: boolean
  /** Resolves true when the server stored it; the typed value is then forgotten. */
  onSet: (secret: string) => Promise<boolean>
  onClear: () => void
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** A write-only secret: whether one is stored, a masked field to replace it, and clearing after a confirmation. */
export function SecretControl ({ noun, description, isSet, pending, onSet, onClear }: SecretControlProps) {
  const [value, setValue] = useState('')
  const [confirming, setConfirming] = useState(false)

  async function save () {
    if (await onSet(value)) setValue('')
  }

  return (
    <VStack gap='regular'>
      <StatusLight tone={isSet ? 'positive' : 'neutral'} data-testid='secret-state'>
        {isSet ? `${capitalized(noun)} stored — it is never shown again` : `No ${noun} stored`}
      </StatusLight>
      <form onSubmit={event => { event.preventDefault(); void save() }}>
        <Flex gap='regular' alignItems='end' wrap>
          <TextField
            label={isSet ? `Replace ${noun}` : `Set ${noun}`}
            description={description ?? undefined}
            type='password'
            autoComplete='new-password'
            value={value}
            onChange={setValue}
            width='scale.4600'
          />
          <Button type='submit' isDisabled={value === ''} isPending={pending}>Save {noun}</Button>
          {isSet && <Button tone='critical' onPress={() => setConfirming(true)}>Clear {noun}</Button>}
        </Flex>
      </form>
      <DialogContainer onDismiss={() => setConfirming(false)}>
        {confirming && (
          <ConfirmDialog title={`Clear the ${noun}?`} actionLabel={`Clear ${noun}`} onConfirm={onClear}>
            The stored {noun} is deleted. Everything that needs it stops working until a new one is set.
          </ConfirmDialog>
        )}
      </DialogContainer>
      {!isSet && <Text size='small' color='neutralSecondary'>Secrets are stored encrypted and can only be replaced or cleared, never read back.</Text>}
    </VStack>
  )
}
