import type { AdminFileToWrite } from '@keystone-6/core/types'
import { ADMIN_ROOT } from './admin-root.ts'

const ROOT_NAME = ADMIN_ROOT.slice(1)

/** The parts of a host's list config that decide its Admin UI path. */
type ListPathConfig = { ui?: { path?: string }, isSingleton?: boolean }

/** `ControlPlane` → `control-plane`: the path Keystone gives a singleton of that key. */
const kebab = (key: string) => key.replace(/([a-z0-9])([A-Z])/g, '$1-$2').replace(/\s+/g, '-').toLowerCase()

const collision = (what: string) =>
  new Error(`the control plane's Admin UI pages live under ${ADMIN_ROOT}, and ${what} is there too: move it to another path`)

/**
 * The host's lists whose pages would share the control plane's Admin UI path, found when the
 * config is built: a list whose Admin UI path is `control-plane` (its `ui.path`, or a singleton of
 * that name). Throws an Error naming it. (A list's default path is its plural, `control-planes`.)
 */
export function assertNoPageCollisions (lists: Readonly<Record<string, ListPathConfig>>): void {
  for (const [key, list] of Object.entries(lists)) {
    const listPath = list.ui?.path ?? (list.isSingleton ? kebab(key) : null)
    if (listPath === ROOT_NAME) throw collision(`the ${key} list's pages (its Admin UI path is "${listPath}")`)
  }
}

/** A file the host writes into the Admin UI build (`ui.getAdditionalFiles`) under the control plane's path stops the build, naming it. */
export function assertNoHostFilesUnderRoot (hostFiles: readonly AdminFileToWrite[]): void {
  const taken = hostFiles.find(file => file.outputPath === `pages/${ROOT_NAME}` || file.outputPath.startsWith(`pages/${ROOT_NAME}/`) || file.outputPath.startsWith(`pages/${ROOT_NAME}.`))
  if (taken) throw collision(`the file ${taken.outputPath} that ui.getAdditionalFiles writes`)
}
