import { createRecipe } from './create-recipe.ts'
import { deleteRecipe } from './delete-recipe.ts'
import { getRecipe } from './get-recipe.ts'
import { getRun } from './get-run.ts'
import { listPosts } from './list-posts.ts'
import { listRecipes } from './list-recipes.ts'
import { listRuns } from './list-runs.ts'
import { listStages } from './list-stages.ts'
import { runRecipe } from './run.ts'
import { updateRecipe } from './update-recipe.ts'

export const pipelineOperations = [
  createRecipe,
  deleteRecipe,
  getRecipe,
  getRun,
  listPosts,
  listRecipes,
  listRuns,
  listStages,
  runRecipe,
  updateRecipe,
]
