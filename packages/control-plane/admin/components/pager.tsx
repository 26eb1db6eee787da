import { Button } from '@keystar/ui/button'
import { HStack } from '@keystar/ui/layout'
import { Text } from '@keystar/ui/typography'
import { plural } from '../lib/format.ts'

type PagerProps = { page: number, perPage: number, total: number, noun: string, nouns?: string, onPage: (page: number) => void }

/** "Page 2 of 5 · 93 entries" with previous and next. */
export function Pager ({ page, perPage, total, noun, nouns, onPage }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / perPage))
  return (
    <HStack gap='regular' alignItems='center' justifyContent='space-between'>
      <Text color='neutralSecondary' data-testid='pager-status'>Page {page} of {pages} · {plural(total, noun, nouns)}</Text>
      <HStack gap='regular'>
        <Button isDisabled={page <= 1} onPress={() => onPage(page - 1)}>Previous</Button>
        <Button isDisabled={page >= pages} onPress={() => onPage(page + 1)}>Next</Button>
      </HStack>
    </HStack>
  )
}
