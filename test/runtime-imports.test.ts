// @svc-provider-independent: what the bundle imports, no database (runs once, on SQLite).
import { describe, expect, test } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

/** What `keystone build` bundles into `.keystone/config.js`: keystone.ts and everything it imports. */
const SHIPPED = ['keystone.ts', 'host', 'schema', 'packages/control-plane/src', 'examples']

function sourceFiles (entry: string): string[] {
  if (!statSync(entry).isDirectory()) return /\.tsx?$/.test(entry) ? [entry] : []
  return readdirSync(entry).flatMap(name => sourceFiles(path.join(entry, name)))
}

const DEFAULT_IMPORT = /^import\s+(?!type\b)[A-Za-z_$][\w$]*\s*(?:,\s*\{[^}]*\})?\s+from\s+'([^'.][^']*)'/gm

/** Packages that a shipped file default-imports, with the files that do. */
function defaultImportedPackages (): Map<string, string[]> {
  const found = new Map<string, string[]>()
  for (const file of SHIPPED.flatMap(sourceFiles)) {
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(DEFAULT_IMPORT)) {
      if (specifier!.startsWith('node:')) continue
      found.set(specifier!, [...found.get(specifier!) ?? [], file])
    }
  }
  return found
}

/**
 * In plain Node (not jest's module system): the default export as an ES module import sees it,
 * beside what esbuild's CommonJS interop hands the bundle — `require(pkg)` itself, for a file of
 * a `"type": "module"` package. An ESM-only package gives its namespace object there instead.
 */
const PROBE = `
import { createRequire } from 'node:module'
const require = createRequire(process.cwd() + '/package.json')
const describe = value => ({ type: typeof value, tag: Object.prototype.toString.call(value), functions: value && typeof value === 'object' ? Object.keys(value).filter(key => typeof value[key] === 'function').sort() : [] })
const report = {}
for (const name of JSON.parse(process.argv[1])) {
  const esm = describe((await import(name)).default)
  let bundled
  try { bundled = describe(require(name)) } catch (error) { bundled = { error: error.code ?? error.message } }
  report[name] = { esm, bundled }
}
console.log(JSON.stringify(report))
`

describe('runtime imports', () => {
  test('every package a shipped file default-imports hands the bundle the same value as the ES module import', () => {
    const packages = defaultImportedPackages()
    expect(packages.size).toBeGreaterThan(0)
    const report = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', PROBE, JSON.stringify([...packages.keys()])], {
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '' },
    })) as Record<string, { esm: object, bundled: object }>
    const mismatches = Object.entries(report)
      .filter(([, { esm, bundled }]) => JSON.stringify(esm) !== JSON.stringify(bundled))
      .map(([name, seen]) => ({ package: name, files: packages.get(name), ...seen }))
    expect(mismatches).toEqual([])
  })
})

/**
 * Packages a site needs only once it is used that way: OAuth, mail, MCP, an API call counted in
 * memory, a content delivery mapped on a thread, a request out (undici), HTML parsed, sanitised or
 * converted to a document (issue 53: about 250 modules and 60 MB between them).
 */
const LOADED_ON_FIRST_USE = ['oidc-provider', 'nodemailer', '@modelcontextprotocol/server', '@modelcontextprotocol/node', 'rate-limiter-flexible', 'piscina', 'undici', 'cheerio', 'sanitize-html', '@slate-serializers/html']

describe('what the package loads with the site', () => {
  test('importing the built package loads none of OAuth, mail, MCP, rate limiting, threads, undici or the HTML stack: each loads with its first use', () => {
    // A resolve hook that refuses those packages: the import succeeds only if nothing reaches them statically.
    const refuse = `export async function resolve (specifier, context, next) {
      if (${JSON.stringify(LOADED_ON_FIRST_USE)}.includes(specifier)) throw new Error('loaded with the site: ' + specifier)
      return next(specifier, context)
    }`
    const probe = `
      import { register } from 'node:module'
      register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(refuse)}))
      await import('keystone-svc-control-plane')
      await import('keystone-svc-control-plane/database')
      await import(${JSON.stringify(LOADED_ON_FIRST_USE[0])}).then(() => console.log('refused nothing'), error => console.log(error.message))
    `
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', probe], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } })
    // The last line proves the hook was in force: the same import, made directly, is refused.
    expect(output.trim()).toBe('loaded with the site: oidc-provider')
  })

  test('the bundled server code is ASCII, so V8 holds each file\'s source at one byte per character', () => {
    const serverDir = 'packages/control-plane/dist/server'
    const files = readdirSync(serverDir, { recursive: true, encoding: 'utf8' }).filter(name => name.endsWith('.js'))
    expect(files.length).toBeGreaterThan(3)
    const beyondAscii = files.flatMap(name => [...readFileSync(path.join(serverDir, name), 'utf8').matchAll(/[\u0080-\uffff]/g)].map(([char]) => `${name}: U+${char.codePointAt(0)!.toString(16)}`))
    expect(beyondAscii).toEqual([])
  })
})
