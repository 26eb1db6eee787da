import { isSecretName } from '../lib/redact.ts'
import { holdsSecret, isSealedValue } from './stored-images.ts'
import type { Change, ChangeSet, RowImage } from './change.ts'

/** What a caller reads in place of a secret column's sealed value. */
const SEALED = '[sealed]'

function sealedImage (image: RowImage | null): RowImage | null {
  if (!image) return null
  return Object.fromEntries(Object.entries(image).map(([column, value]) => [column, (isSecretName(column) && value !== null && value !== '') || isSealedValue(value) || holdsSecret(value) ? SEALED : value]))
}

/**
 * A change set's rows as a caller reads them: every secret column (a ciphertext, a digest, a
 * password hash) and every value holding JSON with a secret in it (`stored-images.ts`) as `"[sealed]"`.
 */
export function sealedChanges (changeSet: ChangeSet | null): Change[] {
  return (changeSet?.changes ?? []).map(change => ({ ...change, before: sealedImage(change.before), after: sealedImage(change.after) }))
}
