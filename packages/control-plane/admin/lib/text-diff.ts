import { diffWordsWithSpace, type Change } from 'diff'

/** Block-level closing tags start a new line, so a diff of HTML reads paragraph by paragraph. */
const BLOCK_END = /(<\/(?:p|h[1-6]|li|ul|ol|div|blockquote|figure|pre|table|tr|section)>)/g

/** A field's value as text to compare: HTML broken into lines, lists one per line, objects as JSON. */
function diffableText (value: unknown): string {
  if (typeof value === 'string') return value.replace(BLOCK_END, '$1\n').trimEnd()
  if (Array.isArray(value) && value.every(item => typeof item === 'string')) return value.join('\n')
  return JSON.stringify(value ?? null, null, 2)
}

/** Word-level changes from one value to the other. */
export function textChanges (before: unknown, after: unknown): Change[] {
  return diffWordsWithSpace(diffableText(before), diffableText(after))
}
