// @svc-provider-independent: the Admin UI files and the start-time path check, no database (runs once, on SQLite).
import { describe, expect, test } from '@jest/globals'
import { list } from '@keystone-6/core'
import { allowAll } from '@keystone-6/core/access'
import { password, text } from '@keystone-6/core/fields'
import { withControlPlane } from '../packages/control-plane/src/index.ts'
import { builtinResources } from '../packages/control-plane/src/resources/index.ts'
import { controlPlaneAdminFiles } from '../packages/control-plane/src/doors/admin-ui/admin-files.ts'

/**
 * The control plane's Admin UI pages live under `/control-plane`, so a host with lists of the
 * names the pages once had (`Setting`, `Team`, `Lead`: Keystone serves them at `/settings`,
 * `/teams`, `/leads`) keeps its own pages; what would still share the path stops the start.
 */
const pages = builtinResources.flatMap(resource => resource.adminPages)

const account = list({ access: allowAll, fields: { name: text(), email: text({ isIndexed: 'unique' }), password: password(), role: text() } })
const config = (lists: Record<string, ReturnType<typeof list>>) => ({ db: { provider: 'sqlite' as const, prismaClientOptions: () => ({}) }, lists: { User: account, ...lists } })

describe('the control-plane pages have a path of their own', () => {
  test('every page a built-in resource declares is under /control-plane, and every file written for them too', () => {
    expect(pages.length).toBeGreaterThan(10)
    expect(pages.map(page => page.path).filter(path => !path.startsWith('/control-plane/'))).toEqual([])
    const files = controlPlaneAdminFiles(pages, '/api/svc/v1').map(file => file.outputPath)
    expect(files.filter(file => file !== 'pages/_document.js' && !file.startsWith('pages/control-plane/'))).toEqual([])
    expect(files).toEqual(expect.arrayContaining(['pages/control-plane/index.js', 'pages/control-plane/settings.js', 'pages/control-plane/team.js', 'pages/control-plane/leads.js', 'pages/control-plane/oauth-consent.js']))
  })

  test('a host with Setting, Team and Lead lists keeps their pages: nothing is written where Keystone writes theirs', () => {
    const lists = { Setting: list({ access: allowAll, fields: { name: text() } }), Team: list({ access: allowAll, fields: { name: text() } }), Lead: list({ access: allowAll, fields: { name: text() } }) }
    expect(() => withControlPlane(config(lists), { host: { content: false } })).not.toThrow()
    const files = controlPlaneAdminFiles(pages, '/api/svc/v1').map(file => file.outputPath)
    for (const hostPath of ['settings', 'teams', 'leads']) expect(files.filter(file => file.startsWith(`pages/${hostPath}`))).toEqual([])
  })

  test('a host list served at /control-plane stops the start, naming the list', () => {
    const atRoot = list({ access: allowAll, ui: { path: 'control-plane' }, fields: { name: text() } })
    expect(() => withControlPlane(config({ Dashboard: atRoot }), { host: { content: false } }))
      .toThrow('the control plane\'s Admin UI pages live under /control-plane, and the Dashboard list\'s pages (its Admin UI path is "control-plane") is there too')
    const singleton = list({ access: allowAll, isSingleton: true, fields: { name: text() } })
    expect(() => withControlPlane(config({ ControlPlane: singleton }), { host: { content: false } })).toThrow('the ControlPlane list\'s pages')
  })

  test('a file the host writes under pages/control-plane stops the build, naming it', () => {
    const hostFile = { mode: 'write' as const, outputPath: 'pages/control-plane/reports.js', src: '' }
    expect(() => controlPlaneAdminFiles(pages, '/api/svc/v1', [hostFile])).toThrow('the file pages/control-plane/reports.js that ui.getAdditionalFiles writes is there too')
  })
})
