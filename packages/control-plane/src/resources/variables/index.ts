import { defineResource } from '../../kernel/define-resource.ts'
import { variableModel } from './model.ts'
import { deleteVariable } from './operations/delete.ts'
import { getVariable } from './operations/get.ts'
import { listVariables } from './operations/list.ts'
import { setVariable } from './operations/set.ts'
import { readVariable } from './read-variable.ts'
import { provide } from '../../kernel/hooks/define-hook.ts'
import { siteVariable } from '../../kernel/hooks/site-variable.ts'

/** Named values the site's code reads with `readVariable`. */
export const variablesResource = defineResource({
  name: 'variables',
  models: [variableModel],
  operations: { delete: deleteVariable, get: getVariable, list: listVariables, set: setVariable },
  provides: [provide(siteVariable, readVariable)],
})
