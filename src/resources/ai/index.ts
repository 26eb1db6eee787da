import { clearAiSecret } from './clear-secret.ts'
import { getAi } from './get.ts'
import { setAiSecret } from './set-secret.ts'
import { testAi } from './test.ts'
import { updateAi } from './update.ts'

export const aiOperations = [clearAiSecret, getAi, setAiSecret, testAi, updateAi]
