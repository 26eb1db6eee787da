import { listModules } from './list.ts'
import { disableModule, enableModule } from './switch.ts'

export const moduleOperations = [disableModule, enableModule, listModules]
