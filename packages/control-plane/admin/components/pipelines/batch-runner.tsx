import { useState } from 'react'
import { Button } from '@keystar/ui/button'
import { Checkbox } from '@keystar/ui/checkbox'
import { Flex } from '@keystar/ui/layout'
import { Item, Picker } from '@keystar/ui/picker'
import { TextField } from '@keystar/ui/text-field'
import { Text } from '@keystar/ui/typography'
import type { Job, Recipe } from '../../lib/records.ts'
import { useAction } from '../../lib/use-action.ts'
import { FailureNotice } from '../failure-notice.tsx'
import { Panel } from '../panel.tsx'
import { JobProgress } from '../jobs/job-progress.tsx'

const ANY = '__any__'
const POST_STATUSES = [{ key: ANY, label: 'Any status' }, { key: 'draft', label: 'Draft' }, { key: 'pending', label: 'Pending' }, { key: 'publish', label: 'Published' }]

type BatchRunnerProps = {
  recipes: readonly Recipe[]
  /** The jobs as the page last read them: the started job's progress is followed there. */
  jobs: readonly Job[]
  /** After a job started, so the page follows it. */
  onStarted: () => void
}

/** Run a recipe over a selection of posts (a content source's, of a status) as a job, with a bar that follows it. */
export function BatchRunner ({ recipes, jobs, onStarted }: BatchRunnerProps) {
  const [recipeId, setRecipeId] = useState<string>(recipes[0]?.id ?? '')
  const [source, setSource] = useState('')
  const [status, setStatus] = useState(ANY)
  const [dryRun, setDryRun] = useState(true)
  const [jobId, setJobId] = useState<number | null>(null)
  const start = useAction()
  const started = jobs.find(job => job.job_id === jobId)

  async function run () {
    const filter = { ...source.trim() ? { source: source.trim() } : {}, ...status === ANY ? {} : { status: status as 'draft' | 'pending' | 'publish' } }
    const response = await start.run({ resource: 'pipelines', action: 'run_batch', params: { recipe_id: recipeId, filter, dry_run: dryRun } })
    if (!response.ok) return
    setJobId(response.data.job_id)
    onStarted()
  }

  return (
    <Panel testId='batch-runner' title='Run a recipe over a selection'>
      <Text color='neutralSecondary'>Runs the recipe over every post the selection holds, as a job on the server: leave the page, it goes on. Each post is run once.</Text>
      <Flex gap='large' alignItems='end' wrap>
        <Picker label='Recipe' items={recipes.map(recipe => ({ key: recipe.id, name: recipe.name }))} selectedKey={recipeId} onSelectionChange={key => setRecipeId(String(key))} width='scale.3400'>
          {item => <Item key={item.key}>{item.name}</Item>}
        </Picker>
        <TextField label='Content source' description='Its slug; empty for every post.' value={source} onChange={setSource} width='scale.3000' />
        <Picker label='Post status' items={POST_STATUSES} selectedKey={status} onSelectionChange={key => setStatus(String(key))} width='scale.2400'>
          {item => <Item key={item.key}>{item.label}</Item>}
        </Picker>
        <Checkbox isSelected={dryRun} onChange={setDryRun}>Dry run (write nothing)</Checkbox>
        <Button prominence='high' onPress={() => { void run() }} isDisabled={recipeId === ''} isPending={start.pending}>Start</Button>
      </Flex>
      {start.failure && <FailureNotice failure={start.failure} title='The job did not start' />}
      {started && <JobProgress job={started} label={`Job ${started.job_id} of ${started.target.replace(/^recipe:/, '')}: ${started.status}`} />}
    </Panel>
  )
}
