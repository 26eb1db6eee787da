import { existsSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { chromium, type Browser, type Page } from 'playwright-core'

/** Debian's chromium package, as .ci/run installs it. */
const CHROMIUM = '/usr/bin/chromium'

const SCREENSHOTS = 'test-output/screenshots'

export function launchChromium (): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: apt-get install chromium chromium-driver (.ci/run does)`)
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  })
}

/** A page at the size the Admin UI pages are checked at. */
export async function openPage (browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  return context.newPage()
}

export async function screenshot (page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOTS, { recursive: true })
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png` })
}

/** Signs in through Keystone's own sign-in page and waits to leave it. */
export async function signInThroughAdminUi (page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/signin`)
  await page.getByRole('textbox', { name: 'Email' }).fill(email)
  await page.getByRole('textbox', { name: 'Password' }).fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL(url => !url.pathname.startsWith('/signin'))
}

/**
 * Chooses an option in the open list of a picker or combo box. A click that lands while the list
 * is still opening only moves the focus there (react-aria selects on the press that follows), so
 * the option is chosen with the keyboard, as a user of the keyboard would, and the list must close.
 */
export async function chooseOption (page: Page, name: string | RegExp): Promise<void> {
  const option = page.getByRole('option', { name })
  await option.focus()
  await option.press('Enter')
  await page.getByRole('listbox').waitFor({ state: 'hidden' })
}
