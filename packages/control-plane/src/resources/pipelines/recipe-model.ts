import { list } from '@keystone-6/core'
import { integer, json, text, timestamp } from '@keystone-6/core/fields'
import type { ListAccess } from '../../platform/auth/list-access.ts'

/**
 * A pipeline recipe: ordered stages, what triggers it and how it behaves. `slug` is the recipe's
 * public id. The `default` recipe is seeded and cannot be deleted.
 */
export const pipelineRecipeList = ({ access, ui }: ListAccess) => list({
  access,
  ui: { ...ui, label: 'Pipeline recipes', listView: { initialColumns: ['slug', 'name', 'priority', 'updatedAt'] } },
  db: { map: 'svc_pipeline_recipes' },
  fields: {
    slug: text({ validation: { isRequired: true }, isIndexed: 'unique' }),
    name: text({ validation: { isRequired: true } }),
    priority: integer({ defaultValue: 0, db: { isNullable: false } }),
    stages: json({ defaultValue: [] }),
    trigger: json({ defaultValue: { on: ['manual'] } }),
    policy: json({ defaultValue: {} }),
    createdAt: timestamp({ defaultValue: { kind: 'now' } }),
    updatedAt: timestamp({ db: { updatedAt: true } }),
  },
})
