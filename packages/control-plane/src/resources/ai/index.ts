import { configureResource, defineResource } from '../../kernel/define-resource.ts'
import { aiResourceSettings, type AiResourceSettings } from './resource-settings.ts'
import { aiSettingsModel } from './model.ts'
import { clearAiSecret } from './operations/clear-secret.ts'
import { getAi } from './operations/get.ts'
import { setAiSecret } from './operations/set-secret.ts'
import { testAi } from './operations/test.ts'
import { updateAi } from './operations/update.ts'
import { AI_API_KEY } from './sealed-columns.ts'

/** The site's AI provider: its settings and its secret key. */
export const aiResource = defineResource({
  name: 'ai',
  sealedColumns: [AI_API_KEY],
  settings: aiResourceSettings,
  models: [aiSettingsModel],
  operations: { clear_secret: clearAiSecret, get: getAi, set_secret: setAiSecret, test: testAi, update: updateAi },
})

/** The ai resource with settings of the host's, for `withControlPlane(config, { builtins: [ai({ … })] })`. */
export const ai = (settings: AiResourceSettings) => configureResource(aiResource, settings)
