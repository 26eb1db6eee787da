import { defineResource } from '../../define-resource.ts'
import { aiSettingsList } from './model.ts'
import { clearAiSecret } from './clear-secret.ts'
import { getAi } from './get.ts'
import { setAiSecret } from './set-secret.ts'
import { testAi } from './test.ts'
import { updateAi } from './update.ts'

/** The site's AI provider: its settings and its secret key. */
export const aiResource = defineResource({
  name: 'ai',
  lists: readOnly => ({ SvcAiSetting: aiSettingsList(readOnly()) }),
  operations: [clearAiSecret, getAi, setAiSecret, testAi, updateAi],
})
