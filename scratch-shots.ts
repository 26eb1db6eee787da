import { ensureBuilt } from './scripts/lib/build.ts'
import { startBuiltServer } from './test/support/built-server.ts'
import { launchChromium, openPage, signInThroughAdminUi } from './test/support/browser.ts'
import { openPrisma } from './test/support/database.ts'
import { createPost } from './test/support/posts.ts'

const pages = (process.env.PAGES ?? '/status,/control-plane,/pipelines,/settings,/settings?tab=ai,/settings?tab=variables,/settings?tab=modules,/').split(',')
await ensureBuilt({ ui: true })
const server = await startBuiltServer()
const browser = await launchChromium()
try {
  const db = openPrisma(server.databaseUrl)
  await createPost(db, { title: 'Launch day notes', content: '<h1>Launch</h1><p style="color:red">We shipped it.</p><script>x()</script>' })
  await createPost(db, { title: 'Autumn roadmap', content: '<p>Plans.</p>' })
  await db.$disconnect()
  const page = await openPage(browser)
  page.setDefaultTimeout(30000)
  await signInThroughAdminUi(page, server.url, server.admin.email, server.admin.password)
  for (const path of pages) {
    await page.goto(`${server.url}${path}`)
    await page.waitForLoadState('networkidle')
    await page.waitForTimeout(800)
    const name = path.replace(/[^a-z0-9]+/gi, '_') || 'root'
    await page.screenshot({ path: `/tmp/i19/${name}.png`, fullPage: true })
    console.log('shot', path)
  }
} finally {
  await browser.close()
  await server.stop()
}
