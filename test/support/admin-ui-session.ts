import type { Browser, Page } from 'playwright-core'
import { ensureBuilt } from '../../scripts/lib/build.ts'
import { startBuiltServer, type BuiltServer } from './built-server.ts'
import { launchChromium, openPage, signInThroughAdminUi } from './browser.ts'

export type AdminUiSession = { server: BuiltServer, browser: Browser, page: Page }

/** The built site on a fresh database, and Chromium signed in to its Admin UI as the first administrator. */
export async function startAdminUiSession (options: { env?: NodeJS.ProcessEnv } = {}): Promise<AdminUiSession> {
  await ensureBuilt({ ui: true })
  const server = await startBuiltServer(options)
  const browser = await launchChromium()
  const page = await openPage(browser)
  page.setDefaultTimeout(30_000)
  // A production server that has just started answers its first pages slowly.
  page.setDefaultNavigationTimeout(120_000)
  await signInThroughAdminUi(page, server.url, server.admin.email, server.admin.password)
  return { server, browser, page }
}
