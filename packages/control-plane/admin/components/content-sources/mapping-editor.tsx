import { useMemo, useState } from 'react'
import { Button } from '@keystar/ui/button'
import { HStack, VStack } from '@keystar/ui/layout'
import { Text } from '@keystar/ui/typography'
import type { ManifestEntry } from '../../../src/kernel/registry/manifest.ts'
import { issuesByField, paramsFromValues, schemaFields, valuesFromParams, type JsonSchema, type FormValues } from '../../lib/schema-fields.ts'
import { dispatch, type CallParams, type SvcFailure } from '../../lib/svc-client.ts'
import type { ApprovedMapping, ContentSource } from '../../lib/records.ts'
import { samplePreview } from '../../lib/sample-path.ts'
import { FailureNotice } from '../failure-notice.tsx'
import { SchemaForm } from '../schema-form.tsx'

type MappingEditorProps = {
  source: ContentSource
  approve: ManifestEntry
  onApproved: (result: ApprovedMapping) => void
}

/** The mapping's own schema, from approve_mapping's params: one field per post field it fills. */
function mappingSchema (approve: ManifestEntry): JsonSchema {
  const properties = (approve.params as JsonSchema).properties ?? {}
  return properties.mapping ?? { type: 'object' }
}

/** The proposed mapping as a form to correct, and the approval that makes it live. */
export function MappingEditor ({ source, approve, onApproved }: MappingEditorProps) {
  const schema = useMemo(() => mappingSchema(approve), [approve])
  const fields = useMemo(() => schema.properties ? schemaFields(schema) : [], [schema])
  const [values, setValues] = useState<FormValues>(() => valuesFromParams(fields, source.mapping ?? {}))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [pending, setPending] = useState(false)
  const [failure, setFailure] = useState<(SvcFailure & { status: number }) | null>(null)

  // Each field says what its path picks from the sample, so a wrong path shows before approving.
  const previewed = fields.map(field => ({ ...field, description: samplePreview(source.sample, String(values[field.name] ?? '')) }))

  async function submit () {
    const mapping = paramsFromValues(fields, values)
    if (!mapping.ok) return setErrors(mapping.errors)
    setPending(true)
    const response = await dispatch({ resource: 'content_sources', action: 'approve_mapping', params: { id: source.id, mapping: mapping.params as CallParams<'content_sources', 'approve_mapping'>['mapping'] } })
    setPending(false)
    if (!response.ok) {
      setFailure(response)
      return setErrors(issuesByField(response.details))
    }
    setFailure(null)
    setErrors({})
    onApproved(response.data)
  }

  return (
    <VStack gap='large'>
      {fields.length > 0
        ? <SchemaForm fields={previewed} values={values} onChange={setValues} errors={errors} />
        : <Text color='neutralSecondary'>This site's approve_mapping publishes no mapping fields to fill in.</Text>}
      {failure && <FailureNotice failure={failure} title='The mapping was not approved' />}
      <HStack gap='regular' alignItems='center'>
        <Button prominence='high' onPress={() => void submit()} isPending={pending} isDisabled={fields.length === 0}>Approve mapping</Button>
      </HStack>
    </VStack>
  )
}
