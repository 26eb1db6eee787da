import { useMemo, useState } from 'react'
import { Button } from '@keystar/ui/button'
import { Checkbox } from '@keystar/ui/checkbox'
import { Box, HStack, VStack } from '@keystar/ui/layout'
import { Item, TabList, TabPanels, Tabs } from '@keystar/ui/tabs'
import { css, tokenSchema } from '@keystar/ui/style'
import { TextArea } from '@keystar/ui/text-field'
import { Text } from '@keystar/ui/typography'
import type { ManifestEntry } from '../../../src/kernel/registry/manifest.ts'
import { issuesByField, paramsFromValues, schemaFields, valuesFromParams, type FormValues, type JsonSchema } from '../../lib/schema-fields.ts'
import { dispatchUntyped, type SvcResponse } from '../../lib/svc-client.ts'
import { SchemaForm } from '../schema-form.tsx'
import { paramsFromJson } from './params-json.ts'
import { ResultView } from './result-view.tsx'

const code = css({ textarea: { fontFamily: tokenSchema.typography.fontFamily.code, fontSize: tokenSchema.typography.text.small.size } })

type Mode = 'form' | 'json'

/**
 * The params of one operation, as a form generated from its schema or as raw JSON, the confirm a
 * destructive operation needs, and the envelope of the last run.
 */
export function OperationRunner ({ operation, initialParams = {} }: { operation: ManifestEntry, initialParams?: Record<string, unknown> | undefined }) {
  // confirm is the checkbox below, sent at the top level as the contract has it.
  const fields = useMemo(() => schemaFields(operation.params as JsonSchema, { omit: operation.destructive ? ['confirm'] : [] }), [operation])
  const [mode, setMode] = useState<Mode>('form')
  const [values, setValues] = useState<FormValues>(() => valuesFromParams(fields, initialParams))
  const [jsonText, setJsonText] = useState(() => JSON.stringify(initialParams, null, 2))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [jsonError, setJsonError] = useState<string | undefined>()
  const [confirm, setConfirm] = useState(false)
  const [running, setRunning] = useState(false)
  const [response, setResponse] = useState<SvcResponse<unknown> | null>(null)

  function switchMode (key: unknown) {
    const next = key === 'json' ? 'json' : 'form'
    if (next === mode) return
    if (next === 'json') {
      const fromForm = paramsFromValues(fields, values)
      setJsonText(JSON.stringify(fromForm.ok ? fromForm.params : {}, null, 2))
    } else {
      const fromJson = paramsFromJson(jsonText)
      if (fromJson.ok) setValues(valuesFromParams(fields, fromJson.params))
    }
    setErrors({})
    setJsonError(undefined)
    setMode(next)
  }

  async function run () {
    let params: Record<string, unknown>
    if (mode === 'json') {
      const fromJson = paramsFromJson(jsonText)
      if (!fromJson.ok) return setJsonError(fromJson.message)
      params = fromJson.params
    } else {
      const fromForm = paramsFromValues(fields, values)
      if (!fromForm.ok) return setErrors(fromForm.errors)
      params = fromForm.params
    }
    setErrors({})
    setJsonError(undefined)
    setResponse(null)
    setRunning(true)
    const result = await dispatchUntyped({
      resource: operation.resource,
      action: operation.action,
      params,
      ...(operation.destructive && confirm ? { confirm: true } : {}),
    })
    setRunning(false)
    setResponse(result)
    if (!result.ok && result.code === 'invalid_params') setErrors(issuesByField(result.details))
  }

  return (
    <VStack gap='xlarge' minWidth={0}>
      <Tabs aria-label='Parameters' selectedKey={mode} onSelectionChange={switchMode} prominence='low'>
        <TabList>
          <Item key='form'>Form</Item>
          <Item key='json'>JSON</Item>
        </TabList>
        <TabPanels>
          <Item key='form'>
            <Box paddingTop='large'>
              <SchemaForm fields={fields} values={values} onChange={setValues} errors={errors} />
            </Box>
          </Item>
          <Item key='json'>
            <Box paddingTop='large'>
              <TextArea
                label='params'
                description='The params object sent to dispatch, exactly as typed.'
                UNSAFE_className={code}
                value={jsonText}
                onChange={setJsonText}
                errorMessage={jsonError}
              />
            </Box>
          </Item>
        </TabPanels>
      </Tabs>
      {operation.destructive && (
        <Box border='critical' borderRadius='regular' padding='medium' backgroundColor='critical'>
          <Checkbox isSelected={confirm} onChange={setConfirm}>
            <Text>Confirm: I mean to run this destructive operation (sends <code>confirm: true</code>)</Text>
          </Checkbox>
        </Box>
      )}
      <HStack gap='regular' alignItems='center'>
        <Button prominence='high' tone={operation.destructive ? 'critical' : 'accent'} isPending={running} onPress={() => void run()}>
          Run {operation.name}
        </Button>
        {running && <Text color='neutralSecondary'>Running…</Text>}
      </HStack>
      {response && <ResultView response={response} />}
    </VStack>
  )
}
