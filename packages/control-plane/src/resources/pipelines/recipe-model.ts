import { bookkeepingModel } from '../../platform/db/bookkeeping-model.ts'

/**
 * A pipeline recipe: ordered stages, what triggers it and how it behaves. `slug` is the recipe's
 * public id. The `default` recipe is seeded and cannot be deleted.
 */
export const pipelineRecipeModel = bookkeepingModel('SvcPipelineRecipe', ({ hostId, json }) => `
  id        ${hostId}
  slug      String    @unique @default("")
  name      String    @default("")
  priority  Int       @default(0)
  stages    Json?${json('[]')}
  trigger   Json?${json('{"on":["manual"]}')}
  policy    Json?${json('{}')}
  createdAt DateTime? @default(now())
  updatedAt DateTime? @updatedAt

  @@map("svc_pipeline_recipes")
`)
