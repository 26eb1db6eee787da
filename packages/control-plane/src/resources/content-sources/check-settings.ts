import { invalidParams } from '../../platform/errors/errors.ts'
import type { SourceSettings } from './settings.ts'

type Issue = { path: string, code: string, message: string }

/** Rules between settings that a single field's schema cannot express. */
export function assertConsistentSettings (settings: SourceSettings, { forwardKeySet }: { forwardKeySet: boolean | 'not_checked' }): void {
  const issues: Issue[] = []
  if (settings.forward_enabled && !settings.forward_url) {
    issues.push({ path: 'forward_url', code: 'required', message: 'forward_url is required when forward_enabled is true' })
  }
  if (forwardKeySet === false && settings.forward_enabled && settings.forward_auth_mode !== 'none') {
    issues.push({ path: 'forward_secret', code: 'required', message: `forward_secret is required for forward_auth_mode ${settings.forward_auth_mode}` })
  }
  if (settings.pin_author && settings.default_author_id === null) {
    issues.push({ path: 'default_author_id', code: 'required', message: 'default_author_id is required when pin_author is true' })
  }
  if (issues.length > 0) throw invalidParams(issues.map(issue => issue.message).join('; '), { issues })
}

/** Only the keys a caller actually sent. */
export function definedOnly<T extends Record<string, unknown>> (values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>
}
