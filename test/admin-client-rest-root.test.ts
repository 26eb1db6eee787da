// @svc-provider-independent: the Admin UI client and the document the build writes, the same on either database (runs once, on SQLite).
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { readFile } from 'node:fs/promises'
import ts from 'typescript'
import type { Browser, Page } from 'playwright-core'
import { launchChromium, openPage } from './support/browser.ts'
import { startTestServer, type ListeningServer } from './support/in-process-server.ts'
import { createHostConfig } from '../host/config.ts'

const REST_ROOT = '/rest'

/** The Admin UI's client as the browser runs it (its imports are types only, so it needs no bundler). */
async function clientScript (): Promise<string> {
  const source = await readFile('packages/control-plane/admin/lib/svc-client.ts', 'utf8')
  const { outputText } = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false } })
  return `${outputText}\nwindow.svc = { fetchManifest, svcBase }\n`
}

/** The files the control plane writes into the Admin UI build of a host whose restRoot is REST_ROOT. */
async function adminUiFiles (databaseUrl: string) {
  const config = createHostConfig({ databaseUrl, sessionSecret: 'x'.repeat(32), controlPlane: { env: {}, http: { restRoot: REST_ROOT } } })
  return config.ui.getAdditionalFiles()
}

/** The meta tag of the document the control plane writes into the Admin UI build. */
function metaOf (files: Awaited<ReturnType<typeof adminUiFiles>>): string {
  const document = files.find(file => file.outputPath === 'pages/_document.js') as { src: string } | undefined
  if (!document) throw new Error('no pages/_document.js among the Admin UI files')
  const base = /<meta name="svc-base-path" content=\{"([^"]+)"\} \/>/.exec(document.src)?.[1]
  if (!base) throw new Error(`no svc-base-path meta in\n${document.src}`)
  return `<meta name="svc-base-path" content="${base}">`
}

describe('the Admin UI client on a host whose restRoot is not /api', () => {
  let site: ListeningServer
  let browser: Browser
  let page: Page
  let script: string

  beforeAll(async () => {
    site = await startTestServer({ controlPlane: { http: { restRoot: REST_ROOT } }, listen: true })
    script = await clientScript()
    browser = await launchChromium()
    page = await openPage(browser)
  })

  afterAll(async () => {
    await browser?.close()
    await site?.close()
  })

  /** A page of the site's origin holding `head`, with the client loaded. */
  async function pageWith (head: string) {
    const { origin } = site
    await page.route(`${origin}/probe`, route => route.fulfill({ contentType: 'text/html', body: `<!doctype html><html><head>${head}</head><body></body></html>` }))
    await page.goto(`${origin}/probe`)
    await page.addScriptTag({ type: 'module', content: script })
    await page.waitForFunction(() => 'svc' in window)
  }

  test('the Admin UI document the control plane writes names the namespace under the host\'s restRoot', async () => {
    const files = await adminUiFiles(site.databaseUrl)
    expect(metaOf(files)).toBe('<meta name="svc-base-path" content="/rest/svc/v1">')
    // The pages themselves are still the package's.
    expect(files.map(file => file.outputPath)).toEqual(expect.arrayContaining(['pages/control-plane/index.js', 'pages/control-plane/crm.js']))
  })

  test('reaches the control plane at the base path the document names: the manifest answers with its envelope', async () => {
    await pageWith(metaOf(await adminUiFiles(site.databaseUrl)))
    const answer = await page.evaluate(async () => {
      const svc = (window as unknown as { svc: { fetchManifest: () => Promise<{ status: number, ok: boolean, code?: string }>, svcBase: () => string } }).svc
      const response = await svc.fetchManifest()
      return { base: svc.svcBase(), status: response.status, ok: response.ok, code: response.code }
    })
    // Signed out, the control plane itself refuses: the call reached it under /rest.
    expect(answer).toEqual({ base: '/rest/svc/v1', status: 401, ok: false, code: 'unauthenticated' })
  })

  test('without the document\'s tag it falls back to /api, where this host serves no control plane', async () => {
    await pageWith('')
    const answer = await page.evaluate(async () => {
      const svc = (window as unknown as { svc: { fetchManifest: () => Promise<{ status: number, code?: string }>, svcBase: () => string } }).svc
      const response = await svc.fetchManifest()
      return { base: svc.svcBase(), code: response.code }
    })
    expect(answer).toEqual({ base: '/api/svc/v1', code: 'unexpected_response' })
  })
})
