import { sealedColumn } from '../../platform/secrets/sealed-column.ts'

/** A source's webhook secret and forward secret, bound to its slug (which never changes). */
export const WEBHOOK_SECRET = sealedColumn('svcContentSource', 'secretCiphertext', 'slug')
export const FORWARD_SECRET = sealedColumn('svcContentSource', 'forwardSecretCiphertext', 'slug')
