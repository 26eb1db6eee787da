import { useState } from 'react'
import { Button } from '@keystar/ui/button'
import { HStack, VStack } from '@keystar/ui/layout'
import { css, tokenSchema } from '@keystar/ui/style'
import { TextArea, TextField } from '@keystar/ui/text-field'
import type { Variable } from '../../lib/records.ts'
import { issuesByField } from '../../lib/schema-fields.ts'
import { useAction } from '../../lib/use-action.ts'
import { FailureNotice } from '../failure-notice.tsx'
import { Panel } from '../panel.tsx'

const code = css({ textarea: { fontFamily: tokenSchema.typography.fontFamily.code, fontSize: tokenSchema.typography.text.small.size } })

function jsonProblem (text: string): string | undefined {
  try {
    JSON.parse(text)
    return undefined
  } catch (error) {
    return `not valid JSON: ${(error as Error).message}`
  }
}

type VariableEditorProps = {
  /** The variable to edit; null to create one. */
  variable: Variable | null
  onSaved: (variable: Variable) => void
  onCancel: () => void
}

/** A variable's value as JSON, checked as it is typed, and its description. */
export function VariableEditor ({ variable, onSaved, onCancel }: VariableEditorProps) {
  const [name, setName] = useState(variable?.name ?? '')
  const [value, setValue] = useState(variable ? JSON.stringify(variable.value, null, 2) : '')
  const [description, setDescription] = useState(variable?.description ?? '')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const save = useAction()
  const problem = value.trim() === '' ? undefined : jsonProblem(value)

  async function submit () {
    if (value.trim() === '' || problem) return setErrors({ value: problem ?? 'a value is required: any JSON, e.g. "text", 42, true or {"key": 1}' })
    const response = await save.run({ resource: 'variables', action: 'set', params: { name, value: JSON.parse(value), description } })
    if (!response.ok) return setErrors(issuesByField(response.details))
    setErrors({})
    onSaved(response.data)
  }

  return (
    <Panel testId='variable-editor' title={variable ? `Edit ${variable.name}` : 'New variable'}>
      <form onSubmit={event => { event.preventDefault(); void submit() }}>
        <VStack gap='large'>
          <TextField
            label='Name'
            description='Lower-case letters, digits, "_" and "."; e.g. site.tagline.'
            isRequired
            isReadOnly={variable !== null}
            value={name}
            onChange={setName}
            errorMessage={errors.name}
            width='scale.4600'
          />
          <TextArea
            label='Value (JSON)'
            description='Any JSON value: "text", 42, true, null, [1, 2] or {"key": "value"}.'
            isRequired
            UNSAFE_className={code}
            value={value}
            onChange={setValue}
            errorMessage={problem ?? errors.value}
            validationState={problem ? 'invalid' : undefined}
          />
          <TextField label='Description' description='What the variable is for.' value={description} onChange={setDescription} errorMessage={errors.description} />
          {save.failure && <FailureNotice failure={save.failure} title='The variable was not saved' />}
          <HStack gap='regular'>
            <Button type='submit' prominence='high' isPending={save.pending} isDisabled={problem !== undefined}>Save variable</Button>
            <Button onPress={onCancel}>Cancel</Button>
          </HStack>
        </VStack>
      </form>
    </Panel>
  )
}
