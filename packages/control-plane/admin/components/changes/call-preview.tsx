import { VStack } from '@keystar/ui/layout'
import { Text } from '@keystar/ui/typography'
import type { Preview } from '../../../src/platform/change-sets/change.ts'
import { ChangeDiff } from './change-diff.tsx'
import { EffectList } from './effect-list.tsx'

/** What a call would change if it ran (a preview's rows and what would leave the site), or that it has no preview. */
export function CallPreviewView ({ preview }: { preview: Preview | null }) {
  if (!preview) return <Text color='neutralSecondary' data-testid='no-preview'>No preview available.</Text>
  return (
    <VStack gap='regular' data-testid='call-preview'>
      <ChangeDiff changes={preview.changes} empty='It would change no row.' />
      <EffectList effects={preview.effects} title='Would leave the site' testId='preview-effects' />
    </VStack>
  )
}
