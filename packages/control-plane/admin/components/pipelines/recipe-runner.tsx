import { useState } from 'react'
import { Button } from '@keystar/ui/button'
import { Flex, VStack } from '@keystar/ui/layout'
import { Item, Picker } from '@keystar/ui/picker'
import { StatusLight } from '@keystar/ui/status-light'
import { Heading, Text } from '@keystar/ui/typography'
import type { PostChoice, Recipe, RunOutcome } from '../../lib/records.ts'
import { useAction } from '../../lib/use-action.ts'
import { FailureNotice } from '../failure-notice.tsx'
import { Panel } from '../panel.tsx'
import { ContentDiff } from './content-diff.tsx'
import { PostPicker } from './post-picker.tsx'
import { StageResults } from './stage-results.tsx'

export const RUN_STATUS_TONE = { success: 'positive', dry_run: 'accent', skipped: 'neutral', failed: 'critical' } as const

type RecipeRunnerProps = {
  recipes: readonly Recipe[]
  recipeId: string | null
  onRecipe: (id: string) => void
  /** After a run that wrote, so the history shows it. */
  onRan: () => void
}

function Outcome ({ outcome }: { outcome: RunOutcome }) {
  return (
    <VStack gap='large' data-testid='run-outcome' data-status={outcome.status}>
      <StatusLight tone={RUN_STATUS_TONE[outcome.status]}>
        {outcome.status === 'dry_run' ? 'Dry run' : outcome.status} of {outcome.recipe} on post #{outcome.post_id}: {outcome.message}
      </StatusLight>
      <Heading elementType='h3' size='small'>Stages</Heading>
      <StageResults stages={outcome.stages} />
      <Heading elementType='h3' size='small'>{outcome.status === 'dry_run' ? 'What would change' : 'What changed'}</Heading>
      <ContentDiff changes={outcome.changes} />
    </VStack>
  )
}

/** Run a recipe on one post: a dry run first, then, having seen the result, for real. */
export function RecipeRunner ({ recipes, recipeId, onRecipe, onRan }: RecipeRunnerProps) {
  const [post, setPost] = useState<PostChoice | null>(null)
  const [outcome, setOutcome] = useState<RunOutcome | null>(null)
  const run = useAction()
  const dryRunDone = outcome?.status === 'dry_run' && outcome.post_id === post?.id && outcome.recipe === recipeId

  async function start (dryRun: boolean) {
    if (!post || !recipeId) return
    const response = await run.run({ resource: 'pipelines', action: 'run', params: { post_id: post.id, recipe_id: recipeId, dry_run: dryRun, force: true } })
    setOutcome(response.ok ? response.data : null)
    onRan()
  }

  return (
    <Panel testId='recipe-runner' title='Try a recipe on a post'>
      <Text color='neutralSecondary'>A dry run shows what each stage does and how the post would change, writing nothing. Run for real once it looks right.</Text>
      <Flex gap='large' alignItems='end' wrap>
        <PostPicker selected={post} onSelect={choice => { setPost(choice); setOutcome(null) }} />
        <Picker
          label='Recipe'
          items={recipes.map(recipe => ({ key: recipe.id, name: recipe.name }))}
          selectedKey={recipeId}
          onSelectionChange={key => { onRecipe(String(key)); setOutcome(null) }}
          width='scale.3400'
        >
          {item => <Item key={item.key}>{item.name}</Item>}
        </Picker>
        <Button prominence='high' onPress={() => { void start(true) }} isDisabled={!post || !recipeId} isPending={run.pending}>Dry run</Button>
        <Button tone='critical' onPress={() => { void start(false) }} isDisabled={!dryRunDone || !outcome.changed || run.pending}>Run and write</Button>
      </Flex>
      {run.failure && <FailureNotice failure={run.failure} title='The recipe did not run' />}
      {outcome && <Outcome outcome={outcome} />}
    </Panel>
  )
}
