import { useMemo } from 'react'
import { ActionButton } from '@keystar/ui/button'
import { Icon } from '@keystar/ui/icon'
import { arrowDownIcon } from '@keystar/ui/icon/icons/arrowDownIcon'
import { arrowUpIcon } from '@keystar/ui/icon/icons/arrowUpIcon'
import { trash2Icon } from '@keystar/ui/icon/icons/trash2Icon'
import { Box, HStack, VStack } from '@keystar/ui/layout'
import { Text } from '@keystar/ui/typography'
import { labelled, schemaFields, type FormValues, type SchemaField } from '../../lib/schema-fields.ts'
import type { StageType } from '../../lib/records.ts'
import { SchemaForm } from '../schema-form.tsx'

type StageEditorProps = {
  position: number
  count: number
  stageType: StageType | undefined
  typeName: string
  values: FormValues
  errors: Record<string, string>
  onChange: (values: FormValues) => void
  onMove: (offset: -1 | 1) => void
  onRemove: () => void
}

/** The form fields of a stage type's options, from its JSON Schema in list_stages. */
export function stageFields (stageType: StageType | undefined): SchemaField[] {
  return stageType ? labelled(schemaFields(stageType.options)) : []
}

/** One stage of a recipe: its type, its options as a form, and moving or removing it. */
export function StageEditor ({ position, count, stageType, typeName, values, errors, onChange, onMove, onRemove }: StageEditorProps) {
  const fields = useMemo(() => stageFields(stageType), [stageType])
  return (
    <Box border='neutral' borderRadius='medium' padding='large' backgroundColor='canvas' data-testid={`stage-${position}`}>
      <VStack gap='large'>
        <HStack gap='regular' alignItems='center' justifyContent='space-between'>
          <VStack gap='small' minWidth={0}>
            <Text weight='semibold'>{position}. {typeName}</Text>
            <Text size='small' color='neutralSecondary'>{stageType?.summary ?? 'This stage type is not installed on this site: remove the stage.'}</Text>
          </VStack>
          <HStack gap='small'>
            <ActionButton aria-label={`Move ${typeName} up`} isDisabled={position === 1} onPress={() => onMove(-1)}><Icon src={arrowUpIcon} /></ActionButton>
            <ActionButton aria-label={`Move ${typeName} down`} isDisabled={position === count} onPress={() => onMove(1)}><Icon src={arrowDownIcon} /></ActionButton>
            <ActionButton aria-label={`Remove ${typeName}`} onPress={onRemove}><Icon src={trash2Icon} /></ActionButton>
          </HStack>
        </HStack>
        {fields.length > 0 && <SchemaForm fields={fields} values={values} onChange={onChange} errors={errors} />}
      </VStack>
    </Box>
  )
}
