import { createCrm } from './create.ts'
import { deleteCrm } from './delete.ts'
import { getCrm } from './get.ts'
import { listCrm } from './list.ts'
import { setCrmSecret } from './set-secret.ts'
import { updateCrm } from './update.ts'

export const crmOperations = [createCrm, deleteCrm, getCrm, listCrm, setCrmSecret, updateCrm]
