import { switchOperation } from '../switch-operation.ts'

export const enableModule = switchOperation('enable')
