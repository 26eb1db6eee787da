import { Badge } from '@keystar/ui/badge'
import { ActionButton } from '@keystar/ui/button'
import { HStack, VStack } from '@keystar/ui/layout'
import { Text } from '@keystar/ui/typography'
import type { Recipe } from '../../lib/records.ts'
import { describePolicy, describeTrigger } from '../../lib/recipe-words.ts'
import { DataTable, type Column } from '../data-table.tsx'

/** The recipe every site has; pipelines.delete_recipe refuses it. */
export const DEFAULT_RECIPE = 'default'

type RecipeTableProps = {
  recipes: readonly Recipe[]
  onEdit: (recipe: Recipe) => void
  onTry: (recipe: Recipe) => void
  onDelete: (recipe: Recipe) => void
}

/** Recipes, highest priority first: stages in order, trigger and policy in words, and their actions. */
export function RecipeTable ({ recipes, onEdit, onTry, onDelete }: RecipeTableProps) {
  const columns: Column<Recipe>[] = [
    {
      key: 'name',
      header: 'Recipe',
      width: '12rem',
      cell: recipe => (
        <VStack gap='small'>
          <HStack gap='regular' alignItems='center'>
            <Text weight='semibold'>{recipe.name}</Text>
            {recipe.id === DEFAULT_RECIPE && <Badge tone='accent'>default</Badge>}
          </HStack>
          <Text size='small' color='neutralSecondary'>{recipe.id} · priority {recipe.priority}</Text>
        </VStack>
      ),
    },
    {
      key: 'stages',
      header: 'Stages',
      cell: recipe => (
        <Text size='small' title={recipe.stages.map(stage => stage.type).join(' → ')}>
          {recipe.stages.length === 0 ? 'No stage' : recipe.stages.map(stage => stage.type).join(' → ')}
        </Text>
      ),
    },
    { key: 'trigger', header: 'Runs on', width: '10rem', cell: recipe => <Text size='small'>{describeTrigger(recipe.trigger)}</Text> },
    { key: 'policy', header: 'Policy', width: '11rem', cell: recipe => <Text size='small'>{describePolicy(recipe.policy)}</Text> },
    {
      key: 'actions',
      header: 'Actions',
      width: '12.5rem',
      cell: recipe => (
        <HStack gap='small'>
          <ActionButton onPress={() => onEdit(recipe)} aria-label={`Edit ${recipe.name}`}>Edit</ActionButton>
          <ActionButton onPress={() => onTry(recipe)} aria-label={`Try ${recipe.name}`}>Try</ActionButton>
          {recipe.id !== DEFAULT_RECIPE && <ActionButton onPress={() => onDelete(recipe)} aria-label={`Delete ${recipe.name}`}>Delete</ActionButton>}
        </HStack>
      ),
    },
  ]
  const ordered = [...recipes].sort((a, b) => b.priority - a.priority || a.id.localeCompare(b.id))
  return <DataTable label='Recipes' columns={columns} rows={ordered} rowKey={recipe => recipe.id} empty='' />
}
