import { ADMIN_ROOT } from '../../src/doors/admin-ui/admin-root.ts'
import type { AdminPage } from '../../src/kernel/registry/manifest.ts'
import type { Manifest } from './svc-client.ts'
import { hasOperations } from './manifest-access.ts'

/**
 * The operations console: the Admin UI's own page, there whatever is installed. Every other
 * control-plane page is declared by its resource and listed in the manifest's `admin_pages`.
 */
export const CONSOLE_PAGE: AdminPage = { path: ADMIN_ROOT, label: 'Operations', title: 'Operations console', requires: [] }

/** The page at `path` (without its query), as the manifest describes it; null when no installed resource has it. */
export function findPage (manifest: Manifest, path: string): AdminPage | null {
  if (path === CONSOLE_PAGE.path) return CONSOLE_PAGE
  return manifest.admin_pages.find(page => page.path === path) ?? null
}

/** The navigation's control-plane entries, in order: the console, then each page whose operations the manifest offers. */
export const navigationPages = (manifest: Manifest): AdminPage[] =>
  [CONSOLE_PAGE, ...manifest.admin_pages].filter(page => hasOperations(manifest, page.requires))

/** Where the console opens with one operation selected and, optionally, its params filled in. */
export function consoleHref (operation: string, params?: Record<string, unknown>): string {
  const query = new URLSearchParams({ op: operation, ...(params ? { params: JSON.stringify(params) } : {}) })
  return `${CONSOLE_PAGE.path}?${query}`
}
