import { deleteVariable } from './delete.ts'
import { getVariable } from './get.ts'
import { listVariables } from './list.ts'
import { setVariable } from './set.ts'

export const variableOperations = [deleteVariable, getVariable, listVariables, setVariable]

export { readVariable } from './read-variable.ts'
