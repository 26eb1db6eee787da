/** The slug of the category every site starts with, which `strip_uncategorized` removes. */
export const UNCATEGORIZED = 'uncategorized'
