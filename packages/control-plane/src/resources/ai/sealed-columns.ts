import { sealedColumn } from '../../platform/secrets/sealed-column.ts'

/** The AI settings row's provider key, bound to the one settings row. */
export const AI_API_KEY = sealedColumn('svcAiSetting', 'apiKeyCiphertext', 'id')
