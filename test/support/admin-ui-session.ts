import { afterAll, beforeAll } from '@jest/globals'
import type { Browser, Page } from 'playwright-core'
import { ensureBuilt } from '../../scripts/lib/build.ts'
import { startBuiltServer, type BuiltServer } from './built-server.ts'
import { launchChromium, openPage, signInThroughAdminUi } from './browser.ts'
import { openPrisma } from './database.ts'

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

const MINUTE = 60_000

/** An Admin UI session for a test file, and a Prisma client on its database. */
export type AdminUiFixture = AdminUiSession & { db: ReturnType<typeof openPrisma> }

/**
 * The built site with Chromium signed in (`startAdminUiSession`), started before the file's tests
 * and stopped after them; its fields are set once the file's first `beforeAll` ran.
 */
export function useAdminUiSession (options: { env?: NodeJS.ProcessEnv } = {}): AdminUiFixture {
  const fixture = {} as AdminUiFixture
  beforeAll(async () => {
    Object.assign(fixture, await startAdminUiSession(options))
    fixture.db = openPrisma(fixture.server.databaseUrl)
  }, 15 * MINUTE)
  afterAll(async () => {
    await fixture.browser?.close()
    await fixture.db?.$disconnect()
    await fixture.server?.stop()
  }, MINUTE)
  return fixture
}
