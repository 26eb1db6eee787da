/** `text` as a regular expression that matches exactly it (what `RegExp.escape` does from Node 24). */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
