import { canonicalJson } from '../../../platform/lib/canonical-json.ts'
import { sha256Hex } from '../../../platform/lib/sha256.ts'
import type { Recipe } from '../recipe-shape.ts'
import { termSlugs, type PostState } from './post-document.ts'

/**
 * SHA-256 over the RFC 8785 canonical JSON of the post's editable fields and of what in the
 * recipe decides the result (its stages and policy). A run stores the hash of the post as it
 * left it, so an equal hash later means neither the post nor the recipe changed since.
 */
export function contentHash (state: PostState, recipe: Pick<Recipe, 'stages' | 'policy'>): string {
  return sha256Hex(canonicalJson({
    post: { ...state, tags: termSlugs(state.tags), categories: termSlugs(state.categories) },
    recipe: { stages: recipe.stages, policy: recipe.policy },
  }))
}
