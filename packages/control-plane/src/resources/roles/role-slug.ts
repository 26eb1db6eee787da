import { slugify } from '../../platform/lib/slugify.ts'

const MAX_BASE_LENGTH = 60

/** The slug a new role named `name` starts from; numbered variants (`-2`, `-3`, …) resolve clashes. */
export function baseSlug (name: string): string {
  return slugify(name).slice(0, MAX_BASE_LENGTH).replace(/-+$/, '') || 'role'
}

/** Variant 1 is the base itself, then `base-2`, `base-3`, … */
export const slugVariant = (base: string, variant: number) => variant === 1 ? base : `${base}-${variant}`

/** Which variants of `base` the given slugs use. */
export function usedVariants (base: string, slugs: readonly string[]): number[] {
  const numbered = new RegExp(`^${base}-(\\d+)$`)
  return slugs.flatMap(slug => {
    if (slug === base) return [1]
    const variant = Number(numbered.exec(slug)?.[1])
    return variant >= 2 ? [variant] : []
  })
}
