import { defineResource } from '../../kernel/define-resource.ts'
import { variableList } from './model.ts'
import { deleteVariable } from './operations/delete.ts'
import { getVariable } from './operations/get.ts'
import { listVariables } from './operations/list.ts'
import { setVariable } from './operations/set.ts'

/** Named values the site's code reads with `readVariable`. */
export const variablesResource = defineResource({
  name: 'variables',
  lists: readOnly => ({ SvcVariable: variableList(readOnly()) }),
  operations: { delete: deleteVariable, get: getVariable, list: listVariables, set: setVariable },
})
