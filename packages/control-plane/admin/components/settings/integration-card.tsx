import { useMemo, useState } from 'react'
import { Badge } from '@keystar/ui/badge'
import { Button } from '@keystar/ui/button'
import { Divider, HStack, VStack } from '@keystar/ui/layout'
import { Switch } from '@keystar/ui/switch'
import { Text } from '@keystar/ui/typography'
import { issuesByField, labelled, paramsFromValues, schemaFields, valuesFromParams, type FormValues, type JsonSchema } from '../../lib/schema-fields.ts'
import type { Integration } from '../../lib/records.ts'
import { formatTime } from '../../lib/format.ts'
import { dispatch } from '../../lib/svc-client.ts'
import { useAction } from '../../lib/use-action.ts'
import { FailureNotice } from '../failure-notice.tsx'
import { Panel } from '../panel.tsx'
import { SchemaForm } from '../schema-form.tsx'
import { SecretControl } from './secret-control.tsx'

/** Fields the stored settings no longer have are sent as null, which removes them (merge-patch). */
function settingsPatch (stored: Record<string, unknown>, next: Record<string, unknown>): Record<string, unknown> {
  const removed = Object.keys(stored).filter(name => !(name in next))
  return { ...Object.fromEntries(removed.map(name => [name, null])), ...next }
}

/** One integration: on or off, its settings as a form from its own schema, and its secret. */
export function IntegrationCard ({ initial }: { initial: Integration }) {
  const [integration, setIntegration] = useState(initial)
  const fields = useMemo(() => labelled(schemaFields(integration.settings_schema as JsonSchema)), [integration.settings_schema])
  const [values, setValues] = useState<FormValues>(() => valuesFromParams(fields, integration.settings))
  const [enabled, setEnabled] = useState(integration.enabled)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const save = useAction()
  const secret = useAction()

  async function submit () {
    const settings = paramsFromValues(fields, values)
    if (!settings.ok) return setErrors(settings.errors)
    const response = await save.run({
      resource: 'integrations',
      action: 'update',
      params: { key: integration.key, enabled, settings: settingsPatch(integration.settings, settings.params) },
    })
    setErrors(response.ok ? {} : issuesByField(response.details))
    if (response.ok) setIntegration(response.data)
  }

  async function setSecret (value: string) {
    const response = await secret.run({ resource: 'integrations', action: 'set_secret', params: { key: integration.key, secret: value } })
    if (response.ok) await reread()
    return response.ok
  }

  async function clearSecret () {
    const response = await secret.run({ resource: 'integrations', action: 'clear_secret', params: { key: integration.key }, confirm: true })
    if (response.ok) await reread()
  }

  /** The secret operations answer only whether one is set; the record says when it changed. */
  async function reread () {
    const response = await dispatch({ resource: 'integrations', action: 'get', params: { key: integration.key } })
    if (response.ok) setIntegration(response.data)
  }

  return (
    <Panel
      testId={`integration-${integration.key}`}
      title={integration.label}
      actions={<Badge tone={integration.enabled ? 'positive' : 'neutral'}>{integration.enabled ? 'Enabled' : 'Off'}</Badge>}
    >
      <Text color='neutralSecondary'>{integration.description}</Text>
      <form onSubmit={event => { event.preventDefault(); void submit() }}>
        <VStack gap='large'>
          <Switch isSelected={enabled} onChange={setEnabled}>Enable {integration.label}</Switch>
          {fields.length > 0 && <SchemaForm fields={fields} values={values} onChange={setValues} errors={errors} />}
          {save.failure && <FailureNotice failure={save.failure} title='The settings were not saved' />}
          <HStack gap='regular' alignItems='center'>
            <Button type='submit' prominence='high' isPending={save.pending}>Save {integration.label}</Button>
            <Text size='small' color='neutralSecondary'>{integration.updated_at ? `Last changed ${formatTime(integration.updated_at)}` : 'Not configured yet'}</Text>
          </HStack>
        </VStack>
      </form>
      {integration.takes_secret && (
        <>
          <Divider />
          <SecretControl
            noun='secret'
            description={integration.secret_description}
            isSet={integration.secret_set}
            pending={secret.pending}
            onSet={setSecret}
            onClear={() => { void clearSecret() }}
          />
          {secret.failure && <FailureNotice failure={secret.failure} title='The secret was not changed' />}
        </>
      )}
    </Panel>
  )
}
