import { Checkbox } from '@keystar/ui/checkbox'
import { NumberField } from '@keystar/ui/number-field'
import { Item, Picker } from '@keystar/ui/picker'
import { Radio, RadioGroup } from '@keystar/ui/radio'
import { css, tokenSchema } from '@keystar/ui/style'
import { TextArea, TextField } from '@keystar/ui/text-field'
import type { FieldValue, SchemaField } from '../lib/schema-fields.ts'

type SchemaInputProps = {
  field: SchemaField
  value: FieldValue
  onChange: (value: FieldValue) => void
  errorMessage?: string | undefined
}

const code = css({ textarea: { fontFamily: tokenSchema.typography.fontFamily.code, fontSize: tokenSchema.typography.text.small.size } })

const NOT_SET = '__not_set__'

const JSON_HINT = { object: 'A JSON object, e.g. {"key": "value"}.', array: 'A JSON array, e.g. ["a", "b"].', value: 'Any JSON value.' }

function describe (field: SchemaField, extra?: string): string | undefined {
  return [field.description, extra].filter(Boolean).join(' ') || undefined
}

/** The input for one param, chosen by its JSON Schema type. */
export function SchemaInput ({ field, value, onChange, errorMessage }: SchemaInputProps) {
  const { kind, required } = field
  const label = field.label ?? field.name
  const common = { label, isRequired: required, errorMessage, width: '100%' as const }
  switch (kind.type) {
    case 'text':
      return (
        <TextField
          {...common}
          description={describe(field)}
          type={kind.input}
          autoComplete={kind.input === 'password' ? 'new-password' : 'off'}
          value={typeof value === 'string' ? value : ''}
          onChange={onChange}
        />
      )
    case 'number':
      return (
        <NumberField
          {...common}
          description={describe(field)}
          value={typeof value === 'number' ? value : Number.NaN}
          onChange={onChange}
          minValue={kind.minimum}
          maxValue={kind.maximum}
          formatOptions={kind.integer ? { maximumFractionDigits: 0, useGrouping: false } : { useGrouping: false }}
        />
      )
    case 'boolean':
      if (required) {
        return <Checkbox isSelected={value === true} onChange={onChange}>{label}</Checkbox>
      }
      return (
        <RadioGroup
          label={label}
          description={describe(field)}
          orientation='horizontal'
          value={value === undefined ? NOT_SET : String(value)}
          onChange={choice => onChange(choice === NOT_SET ? undefined : choice === 'true')}
        >
          <Radio value={NOT_SET}>Not set</Radio>
          <Radio value='true'>true</Radio>
          <Radio value='false'>false</Radio>
        </RadioGroup>
      )
    case 'choice': {
      const options = [...(required ? [] : [{ key: NOT_SET, label: 'Not set' }]), ...kind.options.map(option => ({ key: JSON.stringify(option), label: String(option) }))]
      return (
        <Picker
          {...common}
          description={describe(field)}
          items={options}
          selectedKey={typeof value === 'string' && value !== '' ? value : required ? null : NOT_SET}
          onSelectionChange={key => onChange(key === NOT_SET ? undefined : String(key))}
        >
          {option => <Item key={option.key}>{option.label}</Item>}
        </Picker>
      )
    }
    case 'json':
      return (
        <TextArea
          {...common}
          description={describe(field, JSON_HINT[kind.shape])}
          UNSAFE_className={code}
          value={typeof value === 'string' ? value : ''}
          onChange={onChange}
        />
      )
  }
}
