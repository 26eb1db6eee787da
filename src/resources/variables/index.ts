import { defineResource } from '../../define-resource.ts'
import { variableList } from './model.ts'
import { deleteVariable } from './delete.ts'
import { getVariable } from './get.ts'
import { listVariables } from './list.ts'
import { setVariable } from './set.ts'

/** Named values the site's code reads with `readVariable`. */
export const variablesResource = defineResource({
  name: 'variables',
  lists: readOnly => ({ SvcVariable: variableList(readOnly()) }),
  operations: [deleteVariable, getVariable, listVariables, setVariable],
})
