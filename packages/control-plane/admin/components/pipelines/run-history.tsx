import { useState } from 'react'
import { Flex, VStack } from '@keystar/ui/layout'
import { TextField } from '@keystar/ui/text-field'
import { Item, Picker } from '@keystar/ui/picker'
import type { Paged, Recipe, RunRow } from '../../lib/records.ts'
import type { OperationState as State } from '../../lib/use-operation.ts'
import { EmptyState } from '../empty-state.tsx'
import { OperationState } from '../operation-state.tsx'
import { Pager } from '../pager.tsx'
import { Panel } from '../panel.tsx'
import { RunTable } from './run-table.tsx'

/** `post_id` as typed: hosts' post ids are numbers or strings (cuid), so it is sent as text, `''` for any post. */
export type RunFilter = { recipe_id: string, status: string, post_id: string, page: number }

export const NO_RUN_FILTER: RunFilter = { recipe_id: '', status: '', post_id: '', page: 1 }

const RUNS_PER_PAGE = 20

/** list_runs' params for a filter; empty filters are left out. */
export function runParams (filter: RunFilter): Record<string, unknown> {
  return {
    page: filter.page,
    per_page: RUNS_PER_PAGE,
    ...(filter.recipe_id ? { recipe_id: filter.recipe_id } : {}),
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.post_id.trim() === '' ? {} : { post_id: filter.post_id.trim() }),
  }
}

const ANY = '__any__'

const STATUSES = [{ key: ANY, label: 'Any result' }, { key: 'success', label: 'Success' }, { key: 'dry_run', label: 'Dry run' }, { key: 'skipped', label: 'Skipped' }, { key: 'failed', label: 'Failed' }]

type RunHistoryProps = {
  recipes: readonly Recipe[]
  runs: State<Paged<RunRow>>
  filter: RunFilter
  onFilter: (filter: RunFilter) => void
  onOpen: (run: RunRow) => void
}

/** Every run, filtered by recipe, result and post, a page at a time. */
export function RunHistory ({ recipes, runs, filter, onFilter, onOpen }: RunHistoryProps) {
  const [postInput, setPostInput] = useState(filter.post_id)
  const filtered = filter.recipe_id !== '' || filter.status !== '' || filter.post_id.trim() !== ''
  return (
    <Panel
      testId='run-history'
      title='Run history'
      actions={
        <Flex gap='regular' alignItems='end'>
          <Picker
            label='Recipe'
            items={[{ key: ANY, name: 'Any recipe' }, ...recipes.map(recipe => ({ key: recipe.id, name: recipe.name }))]}
            selectedKey={filter.recipe_id || ANY}
            onSelectionChange={key => onFilter({ ...filter, page: 1, recipe_id: key === ANY ? '' : String(key) })}
            width='scale.2400'
          >
            {item => <Item key={item.key}>{item.name}</Item>}
          </Picker>
          <Picker
            label='Result'
            items={STATUSES}
            selectedKey={filter.status || ANY}
            onSelectionChange={key => onFilter({ ...filter, page: 1, status: key === ANY ? '' : String(key) })}
            width='scale.2000'
          >
            {item => <Item key={item.key}>{item.label}</Item>}
          </Picker>
          <TextField
            label='Post id'
            value={postInput}
            onChange={setPostInput}
            onBlur={() => onFilter({ ...filter, page: 1, post_id: postInput })}
            onKeyDown={event => { if (event.key === 'Enter') onFilter({ ...filter, page: 1, post_id: postInput }) }}
            width='scale.1600'
          />
        </Flex>
      }
    >
      <OperationState state={runs}>
        {data => data.total === 0 && !filtered
          ? (
            <EmptyState title='No run yet'>
              Try a recipe on a post above: a dry run is recorded here too. Recipes with the ingest or publish trigger also run on their own.
            </EmptyState>
            )
          : (
            <VStack gap='large'>
              <RunTable runs={data.items} onOpen={onOpen} />
              <Pager page={data.page} perPage={data.per_page} total={data.total} noun='run' onPage={page => onFilter({ ...filter, page })} />
            </VStack>
            )}
      </OperationState>
    </Panel>
  )
}
