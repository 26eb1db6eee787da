import { useState } from 'react'
import { Button } from '@keystar/ui/button'
import { Checkbox, CheckboxGroup } from '@keystar/ui/checkbox'
import { Grid, HStack, VStack } from '@keystar/ui/layout'
import { NumberField } from '@keystar/ui/number-field'
import { Item, Picker } from '@keystar/ui/picker'
import { Switch } from '@keystar/ui/switch'
import { TextField } from '@keystar/ui/text-field'
import { Text } from '@keystar/ui/typography'
import { issuesByField, paramsFromValues, valuesFromParams, type FormValues } from '../../lib/schema-fields.ts'
import type { Recipe, StageType } from '../../lib/records.ts'
import type { CallParams } from '../../lib/svc-client.ts'

type Trigger = NonNullable<NonNullable<CallParams<'pipelines', 'create_recipe'>['trigger']>['on']>[number]
type OnError = NonNullable<NonNullable<CallParams<'pipelines', 'create_recipe'>['policy']>['on_error']>
import { slugList } from '../../lib/recipe-words.ts'
import { useAction } from '../../lib/use-action.ts'
import { EmptyState } from '../empty-state.tsx'
import { FailureNotice } from '../failure-notice.tsx'
import { Panel } from '../panel.tsx'
import { StageEditor, stageFields } from './stage-editor.tsx'

type DraftStage = { uid: number, type: string, values: FormValues }

type RecipeEditorProps = {
  /** The recipe to edit; null to create one. */
  recipe: Recipe | null
  stageTypes: readonly StageType[]
  onSaved: (recipe: Recipe) => void
  onCancel: () => void
}

const TRIGGERS = [
  { key: 'manual', label: 'Manual', description: 'pipelines.run without a recipe' },
  { key: 'ingest', label: 'Ingest', description: 'a content source wrote the post' },
  { key: 'publish', label: 'Publish', description: 'the post became published' },
]

let nextUid = 0

function draftStages (recipe: Recipe | null, stageTypes: readonly StageType[]): DraftStage[] {
  return (recipe?.stages ?? []).map(stage => ({
    uid: nextUid++,
    type: stage.type,
    values: valuesFromParams(stageFields(stageTypes.find(type => type.type === stage.type)), stage.options),
  }))
}

/** Create or edit a recipe: name, trigger, policy and the stages in order, each with its options form. */
export function RecipeEditor ({ recipe, stageTypes, onSaved, onCancel }: RecipeEditorProps) {
  const [id, setId] = useState(recipe?.id ?? '')
  const [name, setName] = useState(recipe?.name ?? '')
  const [priority, setPriority] = useState(recipe?.priority ?? 0)
  const [stages, setStages] = useState(() => draftStages(recipe, stageTypes))
  const [on, setOn] = useState<Trigger[]>(recipe?.trigger.on ?? ['manual'])
  const [postTypes, setPostTypes] = useState(recipe?.trigger.post_types?.join(', ') ?? '')
  const [sources, setSources] = useState(recipe?.trigger.sources?.join(', ') ?? '')
  const [skipUnchanged, setSkipUnchanged] = useState(recipe?.policy.skip_unchanged ?? true)
  const [onError, setOnError] = useState<OnError>(recipe?.policy.on_error ?? 'stop')
  const [timeoutMs, setTimeoutMs] = useState(recipe?.policy.stage_timeout_ms ?? 5000)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [stageErrors, setStageErrors] = useState<Record<number, Record<string, string>>>({})
  const save = useAction()

  const typeOf = (type: string) => stageTypes.find(stageType => stageType.type === type)

  function move (index: number, offset: -1 | 1) {
    const next = [...stages]
    const [stage] = next.splice(index, 1)
    next.splice(index + offset, 0, stage!)
    setStages(next)
    setStageErrors({})
  }

  function addStage (type: string) {
    setStages([...stages, { uid: nextUid++, type, values: {} }])
  }

  async function submit () {
    const options = stages.map(stage => paramsFromValues(stageFields(typeOf(stage.type)), stage.values))
    const broken = Object.fromEntries(options.flatMap((result, index) => result.ok ? [] : [[index, result.errors]]))
    setStageErrors(broken)
    if (Object.keys(broken).length > 0) return
    const definition = {
      name,
      priority: Number.isNaN(priority) ? 0 : priority,
      stages: stages.map((stage, index) => ({ type: stage.type, options: (options[index] as { params: Record<string, unknown> }).params })),
      trigger: { on, ...(slugList(postTypes) ? { post_types: slugList(postTypes) } : {}), ...(slugList(sources) ? { sources: slugList(sources) } : {}) },
      policy: { skip_unchanged: skipUnchanged, on_error: onError, stage_timeout_ms: timeoutMs },
    }
    const response = recipe
      ? await save.run({ resource: 'pipelines', action: 'update_recipe', params: { id: recipe.id, ...definition } })
      : await save.run({ resource: 'pipelines', action: 'create_recipe', params: { ...(id ? { id } : {}), ...definition } })
    if (!response.ok) {
      setErrors(issuesByField(response.details))
      setStageErrors(Object.fromEntries(stages.map((_stage, index) => [index, issuesByField(response.details, `stages.${index}.options`)])))
      return
    }
    onSaved(response.data)
  }

  return (
    <form onSubmit={event => { event.preventDefault(); void submit() }} data-testid='recipe-editor'>
      <VStack gap='xlarge'>
        <Panel title={recipe ? `Edit “${recipe.name}”` : 'New recipe'}>
          <Grid columns='repeat(3, minmax(0, 1fr))' columnGap='xlarge' rowGap='large' alignItems='start'>
            <TextField
              label='Recipe id'
              description={recipe ? 'The id cannot change.' : 'Lower-case, e.g. "newsroom". Empty: made from the name.'}
              isReadOnly={recipe !== null}
              value={id}
              onChange={setId}
              errorMessage={errors.id}
            />
            <TextField label='Name' isRequired value={name} onChange={setName} errorMessage={errors.name} />
            <NumberField
              label='Priority'
              description='Higher runs first when several recipes match.'
              value={priority}
              onChange={setPriority}
              formatOptions={{ maximumFractionDigits: 0, useGrouping: false }}
              errorMessage={errors.priority}
            />
          </Grid>
        </Panel>

        <Panel title='Stages' actions={<Text color='neutralSecondary'>They run in this order over one copy of the post.</Text>}>
          {stages.length === 0 && (
            <EmptyState title='No stage yet'>Add the first stage below: each one edits the post in turn, and the post is written once at the end.</EmptyState>
          )}
          {stages.map((stage, index) => (
            <StageEditor
              key={stage.uid}
              position={index + 1}
              count={stages.length}
              typeName={stage.type}
              stageType={typeOf(stage.type)}
              values={stage.values}
              errors={stageErrors[index] ?? {}}
              onChange={values => setStages(stages.map(other => other.uid === stage.uid ? { ...other, values } : other))}
              onMove={offset => move(index, offset)}
              onRemove={() => setStages(stages.filter(other => other.uid !== stage.uid))}
            />
          ))}
          <Picker
            label='Add a stage'
            description='The chosen stage is added at the end; move it where it belongs.'
            placeholder='Choose a stage type'
            items={stageTypes.map(type => ({ key: type.type, summary: type.summary }))}
            // Always empty: choosing a type adds a stage, and the next choice may be the same type.
            selectedKey={null}
            onSelectionChange={key => { if (key !== null) addStage(String(key)) }}
            width='scale.4600'
          >
            {item => <Item key={item.key} textValue={item.key}><Text>{item.key}</Text><Text slot='description'>{item.summary}</Text></Item>}
          </Picker>
          {errors.stages && <Text color='critical'>{errors.stages}</Text>}
        </Panel>

        <Grid columns='repeat(2, minmax(0, 1fr))' gap='xlarge' alignItems='stretch'>
          <Panel title='Trigger'>
            <CheckboxGroup label='Runs by itself on' value={on} onChange={values => setOn(values as Trigger[])} orientation='horizontal'>
              {TRIGGERS.map(trigger => <Checkbox key={trigger.key} value={trigger.key}>{trigger.label}</Checkbox>)}
            </CheckboxGroup>
            <Text size='small' color='neutralSecondary'>{TRIGGERS.map(trigger => `${trigger.label}: ${trigger.description}`).join('. ')}. None: only when named in a run.</Text>
            <TextField label='Only post types' description='Slugs, comma-separated. Empty: any.' value={postTypes} onChange={setPostTypes} />
            <TextField label='Only content sources' description='Slugs, comma-separated. Empty: any.' value={sources} onChange={setSources} />
          </Panel>
          <Panel title='Policy'>
            <Switch isSelected={skipUnchanged} onChange={setSkipUnchanged}>Skip posts unchanged since their last successful run</Switch>
            <Picker label='When a stage fails' selectedKey={onError} onSelectionChange={key => setOnError(String(key) as OnError)} width='100%'>
              <Item key='stop'>Stop: fail the run, write nothing</Item>
              <Item key='continue'>Continue: drop that stage’s edits, run the next</Item>
            </Picker>
            <NumberField
              label='Longest a stage may take (ms)'
              value={timeoutMs}
              onChange={setTimeoutMs}
              minValue={1}
              maxValue={60000}
              formatOptions={{ maximumFractionDigits: 0, useGrouping: false }}
              width='100%'
            />
          </Panel>
        </Grid>

        {save.failure && <FailureNotice failure={save.failure} title='The recipe was not saved' />}
        <HStack gap='regular'>
          <Button type='submit' prominence='high' isPending={save.pending}>{recipe ? 'Save recipe' : 'Create recipe'}</Button>
          <Button onPress={onCancel}>Cancel</Button>
        </HStack>
      </VStack>
    </form>
  )
}
