import slugifyText from 'slugify'

const MAX_SLUG_LENGTH = 80

/** A lower-case ASCII slug (`Über Größe!` → `uber-grosse`), or '' when nothing is left. */
export function slugify (text: string): string {
  return slugifyText(text, { lower: true, strict: true, trim: true }).slice(0, MAX_SLUG_LENGTH).replace(/-+$/, '')
}

/** `base`, or `base-2`, `base-3`, … : the first that `taken` does not hold. */
export function firstFreeSlug (base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`
    if (!taken.has(candidate)) return candidate
  }
}
