import { valueAtPath, type JsonObject } from './json-path.ts'
import { MAPPING_TARGETS, type Mapping, type MappingTarget } from './mapping-schema.ts'
import { fitsTarget, TARGET_EXPECTS } from './field-values.ts'

/** A delivery without these cannot become a post; the others may be null. */
export const REQUIRED_TARGETS: readonly MappingTarget[] = ['title', 'content']

export type MappingIssue = { path: string, code: string, message: string }

/** What keeps a mapping from working on a payload: required fields missing, paths absent or of the wrong kind. */
export function mappingIssues (mapping: Mapping, payload: JsonObject): MappingIssue[] {
  const issues: MappingIssue[] = []
  for (const target of REQUIRED_TARGETS) {
    if (!mapping[target]) issues.push({ path: `mapping.${target}`, code: 'missing', message: `${target} must be mapped` })
  }
  for (const target of MAPPING_TARGETS) {
    const path = mapping[target]
    if (!path) continue
    const value = valueAtPath(payload, path)
    if (value === undefined) {
      issues.push({ path: `mapping.${target}`, code: 'path_not_found', message: `"${path}" is not in the sample` })
    } else if (value === null && !REQUIRED_TARGETS.includes(target)) {
      continue
    } else if (!fitsTarget(target, value)) {
      issues.push({ path: `mapping.${target}`, code: 'wrong_type', message: `"${path}" must hold ${TARGET_EXPECTS[target]}` })
    }
  }
  return issues
}
