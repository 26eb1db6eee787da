import { startBuiltServer } from './test/support/built-server.ts'
import { launchChromium, openPage, signInThroughAdminUi } from './test/support/browser.ts'

const server = await startBuiltServer()
const browser = await launchChromium()
try {
  const page = await openPage(browser)
  page.setDefaultTimeout(15000)
  await signInThroughAdminUi(page, server.url, server.admin.email, server.admin.password)
  await page.goto(`${server.url}/pipelines`)
  await page.getByRole('button', { name: 'New recipe' }).click()
  const editor = page.getByTestId('recipe-editor')
  await editor.getByRole('button', { name: /Add a stage/ }).click()
  await page.waitForTimeout(500)
  await page.screenshot({ path: '/tmp/i19/dbg1.png' })
  const opts = await page.getByRole('option').allTextContents()
  console.log(opts)
  await page.getByRole('option', { name: /^normalize_headings/ }).click()
  await page.waitForTimeout(500)
  await page.screenshot({ path: '/tmp/i19/dbg2.png' })
} finally {
  await browser.close()
  await server.stop()
}
