import { sealedColumn } from '../../platform/secrets/sealed-column.ts'

/** An integration's secret, bound to its key. */
export const INTEGRATION_SECRET = sealedColumn('svcIntegration', 'secretCiphertext', 'key')
