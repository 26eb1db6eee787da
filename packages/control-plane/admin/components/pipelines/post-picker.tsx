import { useEffect, useState } from 'react'
import { Combobox, Item } from '@keystar/ui/combobox'
import { Text } from '@keystar/ui/typography'
import type { PostChoice } from '../../lib/records.ts'
import { useOperation } from '../../lib/use-operation.ts'

/** Typing pauses this long before the titles are searched, so each keystroke is not a request. */
const SEARCH_DELAY_MS = 250

type PostPickerProps = { selected: PostChoice | null, onSelect: (post: PostChoice | null) => void }

/** A post chosen by its title, searched on the server as it is typed (pipelines.list_posts). */
export function PostPicker ({ selected, onSelect }: PostPickerProps) {
  const [input, setInput] = useState(selected?.title ?? '')
  const [search, setSearch] = useState('')
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input.trim()), SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [input])
  // Once a post is chosen its title is the input: list the latest posts, not that one only.
  const query = selected && input === selected.title ? '' : search
  const posts = useOperation({ resource: 'pipelines', action: 'list_posts', params: query ? { search: query } : {} })
  const items = posts.status === 'ready' ? posts.data.posts : []
  return (
    <Combobox
      label='Post'
      placeholder='Search posts by title'
      items={items}
      inputValue={input}
      onInputChange={setInput}
      selectedKey={selected ? String(selected.id) : null}
      onSelectionChange={key => onSelect(items.find(post => String(post.id) === String(key)) ?? null)}
      loadingState={posts.status === 'loading' || (posts.status === 'ready' && posts.refreshing) ? 'loading' : 'idle'}
      menuTrigger='focus'
      width='scale.4600'
    >
      {post => (
        <Item key={String(post.id)} textValue={post.title}>
          <Text>{post.title}</Text>
          <Text slot='description'>#{post.id} · {post.status}{post.post_type ? ` · ${post.post_type}` : ''}{post.source ? ` · from ${post.source}` : ''}</Text>
        </Item>
      )}
    </Combobox>
  )
}
