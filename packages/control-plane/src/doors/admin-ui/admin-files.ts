import type { AdminFileToWrite } from '@keystone-6/core/types'
import type { AdminPage } from '../../kernel/registry/manifest.ts'
import { ADMIN_ROOT } from './admin-root.ts'
import { assertNoHostFilesUnderRoot } from './page-collisions.ts'

const PACKAGE_NAME = 'keystone-svc-control-plane'

/** The Admin UI pages this package ships (`admin/pages/<name>.tsx`), by the name they serve under `/control-plane/`. */
const SHIPPED_PAGES = new Set([
  'control-plane', 'oauth-consent', 'api-keys', 'connected-apps', 'connect-assistant', 'approvals', 'audit-log', 'content-sources', 'crm', 'leads', 'pipelines', 'roles', 'settings', 'status', 'team', 'webhooks',
])

/** The meta tag the pages' client reads the namespace's base path from (admin/lib/svc-client.ts). */
const SVC_BASE_META = 'svc-base-path'

/**
 * Keystone's own document with the namespace's base path in a meta tag: every Admin UI page
 * (the navigation too, on Keystone's list pages) calls the control plane there, wherever
 * `restRoot` put it. Written only when the host writes no `_document` of its own.
 */
function documentFile (basePath: string): AdminFileToWrite {
  return {
    mode: 'write',
    outputPath: 'pages/_document.js',
    src: `import { Html, Head, Main, NextScript } from 'next/document'

export default function Document () {
  return (
    <Html data-scroll-behavior="smooth">
      <Head>
        <meta name=${JSON.stringify(SVC_BASE_META)} content={${JSON.stringify(basePath)}} />
      </Head>
      <body>
        <Main />
        <NextScript />
      </body>
    </Html>
  )
}
`,
  }
}

/** A shipped page's name from the path it serves: `/control-plane/crm` → `crm`, the console `/control-plane` → `control-plane`. */
const pageName = (path: string) => path === ADMIN_ROOT ? 'control-plane' : path.startsWith(`${ADMIN_ROOT}/`) ? path.slice(ADMIN_ROOT.length + 1) : ''

/**
 * The files Keystone writes into its Admin UI build for the control-plane pages: one re-export
 * per page of an installed resource, all under `pages/control-plane/` so no host list's pages
 * (a `Setting`, `Team` or `Lead` list) share their path, so a resource left out (content sources
 * on a host without posts) has no page, and a host needs no `admin/pages` of its own; and the
 * document that tells the pages the namespace's base path, unless the host's files already hold
 * a document. A host file under `pages/control-plane` stops the build, naming it.
 */
export function controlPlaneAdminFiles (pages: readonly AdminPage[], basePath: string, hostFiles: readonly AdminFileToWrite[] = []): AdminFileToWrite[] {
  assertNoHostFilesUnderRoot(hostFiles)
  const names = ['control-plane', 'oauth-consent', ...pages.map(page => pageName(page.path))].filter(name => SHIPPED_PAGES.has(name))
  const hostDocument = hostFiles.some(file => file.outputPath.replace(/\.[jt]sx?$/, '') === 'pages/_document')
  return [
    ...[...new Set(names)].map((name): AdminFileToWrite => ({
      mode: 'write',
      outputPath: `pages${ADMIN_ROOT}/${name === 'control-plane' ? 'index' : name}.js`,
      src: `export { default } from '${PACKAGE_NAME}/admin/pages/${name}'\n`,
    })),
    ...hostDocument ? [] : [documentFile(basePath)],
  ]
}
