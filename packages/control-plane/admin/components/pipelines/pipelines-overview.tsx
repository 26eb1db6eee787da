import { operation } from '../../lib/svc-client.ts'
import { useState } from 'react'
import { Button } from '@keystar/ui/button'
import { DialogContainer } from '@keystar/ui/dialog'
import { VStack } from '@keystar/ui/layout'
import { useRouter } from '@keystone-6/core/admin-ui/router'
import type { Recipe } from '../../lib/records.ts'
import { useAction } from '../../lib/use-action.ts'
import { useOperation } from '../../lib/use-operation.ts'
import { ConfirmDialog } from '../confirm-dialog.tsx'
import { FailureNotice } from '../failure-notice.tsx'
import { OperationState } from '../operation-state.tsx'
import { Panel } from '../panel.tsx'
import { RecipeEditor } from './recipe-editor.tsx'
import { RecipeRunner } from './recipe-runner.tsx'
import { DEFAULT_RECIPE, RecipeTable } from './recipe-table.tsx'
import { NO_RUN_FILTER, RunHistory, runParams, type RunFilter } from './run-history.tsx'
import { RunDetailView } from './run-detail.tsx'
import { BatchRunner } from './batch-runner.tsx'
import { JobsPanel } from '../jobs/jobs-panel.tsx'
import { RunsPerDay } from './runs-per-day.tsx'
import { isActive, JOB_POLL_MS } from '../jobs/job-status.ts'
import { useInterval } from '../../lib/use-interval.ts'

const RECIPES = operation('pipelines', 'list_recipes')
const STAGES = operation('pipelines', 'list_stages')
const JOBS = operation('jobs', 'list', { kind: 'pipelines.run_batch', per_page: 10 })

type Editing = { recipe: Recipe | null } | null

/** Recipes, trying one on a post, and the run history; `?run=<id>` opens a run. */
export function PipelinesOverview () {
  const router = useRouter()
  const recipes = useOperation(RECIPES)
  const stageTypes = useOperation(STAGES)
  const [editing, setEditing] = useState<Editing>(null)
  const [deleting, setDeleting] = useState<Recipe | null>(null)
  const [tryRecipe, setTryRecipe] = useState<string | null>(DEFAULT_RECIPE)
  const [filter, setFilter] = useState<RunFilter>(NO_RUN_FILTER)
  const remove = useAction()
  const opened = typeof router.query.run === 'string' && /^\d+$/.test(router.query.run) ? Number(router.query.run) : null
  const runs = useOperation(opened === null ? { resource: 'pipelines', action: 'list_runs', params: runParams(filter) } : null)
  const jobs = useOperation(JOBS)
  const jobsActive = jobs.status === 'ready' && jobs.data.items.some(isActive)
  // While a job is under way its progress is read again; its runs join the history as it goes.
  useInterval(() => { if (jobsActive) { jobs.reload(); runs.reload() } }, JOB_POLL_MS)

  const openRun = (id: number | null) => {
    void router.push({ pathname: router.pathname, query: id === null ? {} : { run: String(id) } }, undefined, { shallow: true })
  }

  async function confirmDelete (recipe: Recipe) {
    await remove.run({ resource: 'pipelines', action: 'delete_recipe', params: { id: recipe.id }, confirm: true })
    recipes.reload()
  }

  if (opened !== null) return <RunDetailView id={opened} onBack={() => openRun(null)} />
  if (editing !== null && stageTypes.status === 'ready') {
    return (
      <RecipeEditor
        recipe={editing.recipe}
        stageTypes={stageTypes.data.stages}
        onSaved={saved => { setEditing(null); setTryRecipe(saved.id); recipes.reload() }}
        onCancel={() => setEditing(null)}
      />
    )
  }
  return (
    <OperationState state={recipes}>
      {data => (
        <VStack gap='xlarge'>
          <Panel
            testId='recipes'
            title='Recipes'
            actions={<Button prominence='high' onPress={() => setEditing({ recipe: null })} isDisabled={stageTypes.status !== 'ready'}>New recipe</Button>}
          >
            {remove.failure && <FailureNotice failure={remove.failure} title='The recipe was not deleted' />}
            <RecipeTable
              recipes={data.recipes}
              onEdit={recipe => setEditing({ recipe })}
              onTry={recipe => setTryRecipe(recipe.id)}
              onDelete={setDeleting}
            />
          </Panel>
          <RecipeRunner recipes={data.recipes} recipeId={tryRecipe} onRecipe={setTryRecipe} onRan={runs.reload} />
          <BatchRunner recipes={data.recipes} jobs={jobs.status === 'ready' ? jobs.data.items : []} onStarted={jobs.reload} />
          <JobsPanel jobs={jobs} onChanged={jobs.reload} />
          <RunsPerDay />
          <RunHistory recipes={data.recipes} runs={runs} filter={filter} onFilter={setFilter} onOpen={run => openRun(run.id)} />
          <DialogContainer onDismiss={() => setDeleting(null)}>
            {deleting && (
              <ConfirmDialog title={`Delete “${deleting.name}”?`} actionLabel='Delete recipe' onConfirm={() => { void confirmDelete(deleting) }}>
                The recipe stops running at once; its past runs stay in the history. This cannot be undone.
              </ConfirmDialog>
            )}
          </DialogContainer>
        </VStack>
      )}
    </OperationState>
  )
}
