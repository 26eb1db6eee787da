import { useMemo, useState } from 'react'
import { Badge } from '@keystar/ui/badge'
import { Button } from '@keystar/ui/button'
import { Divider, Flex, HStack, VStack } from '@keystar/ui/layout'
import { StatusLight } from '@keystar/ui/status-light'
import { Switch } from '@keystar/ui/switch'
import { Text } from '@keystar/ui/typography'
import type { ManifestEntry } from '../../../src/kernel/registry/manifest.ts'
import { issuesByField, labelled, paramsFromValues, schemaFields, valuesFromParams, type FormValues, type JsonSchema } from '../../lib/schema-fields.ts'
import type { AiSettings as AiRecord, AiTestResult } from '../../lib/records.ts'
import { useAction } from '../../lib/use-action.ts'
import { FailureNotice } from '../failure-notice.tsx'
import { Panel } from '../panel.tsx'
import { SchemaForm } from '../schema-form.tsx'
import { SecretControl } from './secret-control.tsx'

const MODELS_SHOWN = 12

function TestResult ({ result }: { result: AiTestResult }) {
  if (!result.ok) {
    return <StatusLight tone='critical' data-testid='ai-test-result'>Connection failed after {result.latency_ms} ms: {result.error}</StatusLight>
  }
  const models = result.models ?? []
  return (
    <VStack gap='regular' data-testid='ai-test-result'>
      <StatusLight tone='positive'>Connected in {result.latency_ms} ms · {models.length} models available</StatusLight>
      <Flex gap='small' wrap>
        {models.slice(0, MODELS_SHOWN).map(model => <Badge key={model} tone='neutral'>{model}</Badge>)}
        {models.length > MODELS_SHOWN && <Text size='small' color='neutralSecondary'>and {models.length - MODELS_SHOWN} more</Text>}
      </Flex>
    </VStack>
  )
}

/** Provider, model and limits (a form from ai.update's own schema), the API key, and a live check. */
export function AiSettings ({ initial, update }: { initial: AiRecord, update: ManifestEntry }) {
  const [settings, setSettings] = useState(initial)
  const fields = useMemo(() => labelled(schemaFields(update.params as JsonSchema, { omit: ['enabled'] })), [update])
  const [values, setValues] = useState<FormValues>(() => valuesFromParams(fields, initial))
  const [enabled, setEnabled] = useState(initial.enabled)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [tested, setTested] = useState<AiTestResult | null>(null)
  const save = useAction()
  const key = useAction()
  const test = useAction()

  async function submit () {
    const params = paramsFromValues(fields, values)
    if (!params.ok) return setErrors(params.errors)
    const response = await save.run({ resource: 'ai', action: 'update', params: { ...params.params, enabled } })
    setErrors(response.ok ? {} : issuesByField(response.details))
    if (response.ok) setSettings(response.data)
  }

  async function setKey (apiKey: string) {
    const response = await key.run({ resource: 'ai', action: 'set_secret', params: { api_key: apiKey } })
    if (response.ok) setSettings({ ...settings, key_set: true })
    return response.ok
  }

  async function clearKey () {
    const response = await key.run({ resource: 'ai', action: 'clear_secret', confirm: true })
    if (response.ok) setSettings({ ...settings, key_set: false })
  }

  async function runTest () {
    setTested(null)
    const response = await test.run({ resource: 'ai', action: 'test' })
    if (response.ok) setTested(response.data)
  }

  return (
    <Panel
      testId='ai-settings'
      title='AI provider'
      actions={<Badge tone={settings.enabled ? 'positive' : 'neutral'}>{settings.enabled ? 'AI features on' : 'AI features off'}</Badge>}
    >
      <form onSubmit={event => { event.preventDefault(); void submit() }}>
        <VStack gap='large'>
          <Switch isSelected={enabled} onChange={setEnabled}>Use AI features on this site</Switch>
          <SchemaForm fields={fields} values={values} onChange={setValues} errors={errors} />
          {save.failure && <FailureNotice failure={save.failure} title='The AI settings were not saved' />}
          <HStack gap='regular'>
            <Button type='submit' prominence='high' isPending={save.pending}>Save AI settings</Button>
          </HStack>
          <Text size='small' color='neutralSecondary'>Changing the provider or the endpoint forgets the stored API key, so a key is never sent where it was not meant to go.</Text>
        </VStack>
      </form>
      <Divider />
      <SecretControl noun='API key' isSet={settings.key_set} pending={key.pending} onSet={setKey} onClear={() => { void clearKey() }} />
      {key.failure && <FailureNotice failure={key.failure} title='The API key was not changed' />}
      <Divider />
      <VStack gap='regular'>
        <HStack gap='regular' alignItems='center'>
          <Button onPress={() => { void runTest() }} isPending={test.pending}>Test connection</Button>
          <Text size='small' color='neutralSecondary'>Asks the provider for its model list with the stored settings; nothing is changed.</Text>
        </HStack>
        {tested && <TestResult result={tested} />}
        {test.failure && <FailureNotice failure={test.failure} title='The connection was not tested' />}
      </VStack>
    </Panel>
  )
}
