import { Grid } from '@keystar/ui/layout'
import { Text } from '@keystar/ui/typography'
import type { FormValues, SchemaField } from '../lib/schema-fields.ts'
import { SchemaInput } from './schema-input.tsx'

type SchemaFormProps = {
  fields: readonly SchemaField[]
  values: FormValues
  onChange: (values: FormValues) => void
  errors?: Record<string, string>
}

/** A form generated from an operation's params schema, two inputs a row. */
export function SchemaForm ({ fields, values, onChange, errors = {} }: SchemaFormProps) {
  if (fields.length === 0) return <Text color='neutralSecondary'>This operation takes no parameters.</Text>
  return (
    <Grid columns='repeat(2, minmax(0, 1fr))' columnGap='xlarge' rowGap='large' alignItems='start'>
      {fields.map(field => (
        // JSON editors need the width; every other input takes one column.
        <div key={field.name} style={field.kind.type === 'json' ? { gridColumn: '1 / -1' } : undefined}>
          <SchemaInput
            field={field}
            value={values[field.name]}
            onChange={value => onChange({ ...values, [field.name]: value })}
            errorMessage={errors[field.name]}
          />
        </div>
      ))}
    </Grid>
  )
}
