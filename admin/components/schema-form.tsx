import { VStack } from '@keystar/ui/layout'
import { Text } from '@keystar/ui/typography'
import type { FormValues, SchemaField } from '../lib/schema-fields.ts'
import { SchemaInput } from './schema-input.tsx'

type SchemaFormProps = {
  fields: readonly SchemaField[]
  values: FormValues
  onChange: (values: FormValues) => void
  errors?: Record<string, string>
}

/** A form generated from an operation's params schema. */
export function SchemaForm ({ fields, values, onChange, errors = {} }: SchemaFormProps) {
  if (fields.length === 0) return <Text color='neutralSecondary'>This operation takes no parameters.</Text>
  return (
    <VStack gap='large'>
      {fields.map(field => (
        <SchemaInput
          key={field.name}
          field={field}
          value={values[field.name]}
          onChange={value => onChange({ ...values, [field.name]: value })}
          errorMessage={errors[field.name]}
        />
      ))}
    </VStack>
  )
}
