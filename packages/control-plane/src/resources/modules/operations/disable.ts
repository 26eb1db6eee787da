import { switchOperation } from '../switch-operation.ts'

export const disableModule = switchOperation('disable')
