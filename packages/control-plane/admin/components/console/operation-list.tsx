import { useMemo, useState } from 'react'
import { Badge } from '@keystar/ui/badge'
import { VStack } from '@keystar/ui/layout'
import { SearchField } from '@keystar/ui/search-field'
import { css, tokenSchema } from '@keystar/ui/style'
import { Text } from '@keystar/ui/typography'
import type { ManifestEntry } from '../../../src/kernel/registry/manifest.ts'

type OperationListProps = {
  operations: readonly ManifestEntry[]
  selected: string | null
  onSelect: (name: string) => void
}

const list = css({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: tokenSchema.size.space.xsmall })

const item = css({
  all: 'unset',
  boxSizing: 'border-box',
  cursor: 'pointer',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: tokenSchema.size.space.regular,
  width: '100%',
  padding: `${tokenSchema.size.space.small} ${tokenSchema.size.space.regular}`,
  borderRadius: tokenSchema.size.radius.regular,
  color: tokenSchema.color.foreground.neutral,
  fontFamily: tokenSchema.typography.fontFamily.code,
  fontSize: tokenSchema.typography.text.regular.size,
  '&:hover': { backgroundColor: tokenSchema.color.alias.backgroundHovered },
  '&:focus-visible': { outline: `${tokenSchema.size.alias.focusRing} solid ${tokenSchema.color.alias.focusRing}` },
  '&[aria-current="true"]': {
    backgroundColor: tokenSchema.color.alias.backgroundSelected,
    color: tokenSchema.color.foreground.accent,
    fontWeight: tokenSchema.typography.fontWeight.semibold,
  },
})

function matches (operation: ManifestEntry, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  const text = `${operation.name} ${operation.summary} ${operation.description}`.toLowerCase()
  return words.every(word => text.includes(word))
}

/** Every operation, grouped by resource, filtered by a search. */
export function OperationList ({ operations, selected, onSelect }: OperationListProps) {
  const [query, setQuery] = useState('')
  const groups = useMemo(() => {
    const byResource = new Map<string, ManifestEntry[]>()
    for (const operation of operations.filter(operation => matches(operation, query))) {
      byResource.set(operation.resource, [...byResource.get(operation.resource) ?? [], operation])
    }
    return [...byResource.entries()].sort(([a], [b]) => a.localeCompare(b))
  }, [operations, query])
  return (
    <VStack gap='large' minWidth={0}>
      <SearchField label='Search operations' value={query} onChange={setQuery} onClear={() => setQuery('')} />
      <nav aria-label='Operations'>
        <VStack gap='large'>
          {groups.length === 0 && <Text color='neutralSecondary'>No operation matches “{query}”.</Text>}
          {groups.map(([resource, members]) => (
            <VStack key={resource} gap='regular' data-resource={resource}>
              <Text size='small' weight='semibold' color='neutralSecondary' casing='uppercase'>{resource}</Text>
              <ul className={list}>
                {members.map(operation => (
                  <li key={operation.name}>
                    <button
                      type='button'
                      className={item}
                      aria-current={operation.name === selected}
                      data-operation={operation.name}
                      title={operation.summary}
                      onClick={() => onSelect(operation.name)}
                    >
                      <span>{operation.action}</span>
                      {operation.destructive && <Badge tone='critical'>destructive</Badge>}
                    </button>
                  </li>
                ))}
              </ul>
            </VStack>
          ))}
        </VStack>
      </nav>
    </VStack>
  )
}
