import type { SecretBox } from '../secrets/secret-box.ts'
import { bindTo, sealedColumn } from '../secrets/sealed-column.ts'

/**
 * A stored idempotent response, bound to its row. Sealed like any secret column because the
 * first answer of `api_keys.mint` or `webhooks.create` holds the new key or signing secret, and a
 * replay must return it byte for byte (the client whose answer was lost has no other way to it).
 */
export const IDEMPOTENT_RESPONSE = sealedColumn('svcIdempotencyKey', 'response', 'id')

export const sealResponse = (secrets: SecretBox, rowId: string, body: string): string => secrets.seal(body, bindTo(IDEMPOTENT_RESPONSE, rowId))

/** Responses stored before they were sealed (a JSON body, not `v1:`/`v2:`) are read as they are until they expire, within a day. */
const isStoredUnsealed = (stored: string): boolean => !/^v\d+:/.test(stored)

export const openResponse = (secrets: SecretBox, rowId: string, stored: string): string =>
  isStoredUnsealed(stored) ? stored : secrets.open(stored, bindTo(IDEMPOTENT_RESPONSE, rowId))
