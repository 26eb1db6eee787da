import { approveContentSourceMapping } from './approve-mapping.ts'
import { createContentSource } from './create.ts'
import { deleteContentSource } from './delete.ts'
import { exportContentSource } from './export.ts'
import { getContentSource } from './get.ts'
import { importContentSource } from './import.ts'
import { listContentSources } from './list.ts'
import { rotateContentSourceSecret } from './rotate-secret.ts'
import { updateContentSource } from './update.ts'

export const contentSourceOperations = [
  approveContentSourceMapping,
  createContentSource,
  deleteContentSource,
  exportContentSource,
  getContentSource,
  importContentSource,
  listContentSources,
  rotateContentSourceSecret,
  updateContentSource,
]
