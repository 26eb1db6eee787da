import { isSignedIn } from './access.ts'

type SessionArgs = { session?: { data?: { role?: string } } }

const CONTENT_EDITORS = new Set(['administrator', 'editor'])

function canEditContent ({ session }: SessionArgs): boolean {
  return CONTENT_EDITORS.has(session?.data?.role ?? '')
}

/** Content is readable by every signed-in account and written by administrators and editors. */
export const contentAccess = {
  operation: { query: isSignedIn, create: canEditContent, update: canEditContent, delete: canEditContent },
}
