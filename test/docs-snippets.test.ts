// @svc-provider-independent: the docs' fenced blocks, no database (runs once, on SQLite).
import { describe, expect, test } from '@jest/globals'
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { builtinResources } from '../packages/control-plane/src/resources/index.ts'
import { siteNotes } from '../examples/site-notes/index.ts'

/**
 * Every fenced block of the docs and READMEs is checked, so none goes stale
 * (docs/testing.md "Snippets in the docs"): TypeScript is type-checked against the package's
 * sources, JSON parsed, a dispatch body checked against the operations, and shell blocks' npm
 * scripts, files and variables must exist.
 */

const ROOT = process.cwd()
const DOCS = [
  ...readdirSync('docs').filter(name => name.endsWith('.md')).map(name => `docs/${name}`),
  'README.md', 'packages/control-plane/README.md', 'hosts/second/README.md',
]

type Block = { doc: string, line: number, lang: string, code: string, context: string | undefined }

/** A ```lang block, and the `<!-- snippet-context … -->` comment right above it, if any. */
function blocksOf (doc: string): Block[] {
  const text = readFileSync(doc, 'utf8')
  const blocks: Block[] = []
  for (const match of text.matchAll(/^```(\w*)\n([\s\S]*?)^```/gm)) {
    const before = text.slice(0, match.index)
    const opened = before.lastIndexOf('<!-- snippet-context\n')
    const context = opened < 0 ? undefined : /^<!-- snippet-context\n([\s\S]*?)-->\s*$/.exec(before.slice(opened))?.[1]
    blocks.push({ doc, line: before.split('\n').length, lang: match[1]!, code: match[2]!, context })
  }
  return blocks
}

const blocks = DOCS.flatMap(blocksOf)
const named = (block: Block) => `${block.doc}:${block.line}`
const SNIPPET = '// @snippet'

describe('the docs', () => {
  test('label every fenced block with a language this test checks', () => {
    const known = new Set(['ts', 'tsx', 'js', 'json', 'sh', 'bash', 'http', 'html', 'text'])
    expect(blocks.filter(block => !known.has(block.lang)).map(named)).toEqual([])
  })

  test('hold TypeScript and JavaScript snippets that compile against the package', () => {
    const dir = path.join(ROOT, 'var', 'test', 'doc-snippets')
    rmSync(dir, { recursive: true, force: true })
    mkdirSync(dir, { recursive: true })
    const files = new Map<string, Block>()
    for (const block of blocks.filter(block => ['ts', 'tsx', 'js'].includes(block.lang))) {
      const code = block.context === undefined
        ? block.code
        : block.context.includes(SNIPPET) ? block.context.replace(SNIPPET, block.code) : `${block.context}\n${block.code}`
      const file = path.join(dir, `${block.doc.replace(/[/.]/g, '_')}_${block.line}.${block.lang}`)
      // Each snippet is a module of its own, so two may declare the same name.
      writeFileSync(file, `${code}\nexport {}\n`)
      files.set(file, block)
    }
    const { config } = ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), file => ts.sys.readFile(file))
    const { options } = ts.convertCompilerOptionsFromJson(config.compilerOptions, ROOT)
    // Snippets show a piece, not a program: a name they only mention is fine, a wrong one is not.
    const program = ts.createProgram([...files.keys()], { ...options, noUnusedLocals: false, allowJs: true, checkJs: true, noImplicitAny: false, types: ['node'] })
    const problems = ts.getPreEmitDiagnostics(program)
      .filter(diagnostic => diagnostic.file && files.has(diagnostic.file.fileName))
      .map(diagnostic => {
        const block = files.get(diagnostic.file!.fileName)!
        const { line } = diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start ?? 0)
        return `${named(block)} (snippet file line ${line + 1}): ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`
      })
    expect(problems).toEqual([])
  }, 180_000)

  test('hold JSON that parses', () => {
    const broken = blocks.filter(block => block.lang === 'json').flatMap(block => {
      try {
        JSON.parse(block.code)
        return []
      } catch (error) {
        return [`${named(block)}: ${(error as Error).message}`]
      }
    })
    expect(broken).toEqual([])
  })

  test('show dispatch calls of operations that exist, with params they accept', () => {
    const operations = new Map([...builtinResources, siteNotes].flatMap(resource => resource.operations).map(op => [op.name, op]))
    const calls = blocks.flatMap(block => {
      const bodies = block.lang === 'json' ? [block.code] : [...block.code.matchAll(/-d '(\{[\s\S]*?\})'/g)].map(match => match[1]!)
      return bodies.map(body => ({ block, body: parseOrNull(body) })).filter(({ body }) => body !== null && 'resource' in body && 'action' in body) as { block: Block, body: Record<string, unknown> }[]
    })
    expect(calls.length).toBeGreaterThan(3)
    const wrong = calls.flatMap(({ block, body }) => {
      const operation = operations.get(`${String(body.resource)}.${String(body.action)}`)
      if (!operation) return [`${named(block)}: no operation ${String(body.resource)}.${String(body.action)}`]
      const parsed = operation.params.safeParse({ ...(body.params ?? {}), ...(body.confirm === undefined ? {} : { confirm: body.confirm }) })
      return parsed.success ? [] : [`${named(block)}: ${operation.name} refuses its params: ${parsed.error.message}`]
    })
    expect(wrong).toEqual([])
  })

  test('name only npm scripts and files that exist in their shell blocks', () => {
    const scriptsOf = (dir: string) => Object.keys((JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { scripts?: object }).scripts ?? {})
    const scripts = new Set([...scriptsOf('.'), ...scriptsOf('hosts/second'), ...scriptsOf('packages/control-plane')])
    const wrong = blocks.filter(block => ['sh', 'bash'].includes(block.lang)).flatMap(block => [
      ...[...block.code.matchAll(/npm run ([\w:-]+)/g)].map(match => match[1]!).filter(script => !scripts.has(script)).map(script => `${named(block)}: no npm script ${script}`),
      ...[...block.code.matchAll(/(?:npx tsx|bash|node) ((?:\.ci|scripts|bench|test)\/[\w./-]+)/g)].map(match => match[1]!).filter(file => !existsSync(file)).map(file => `${named(block)}: no file ${file}`),
    ])
    expect(wrong).toEqual([])
  })

  test('document every environment variable a shell block gives a command', () => {
    const documented = documentedVariables()
    // The shell's and tools' own variables, not the site's.
    const general = new Set(['NODE_OPTIONS', 'NODE_ENV', 'PATH', 'HOME', 'DEBIAN_FRONTEND', 'NEXT_TELEMETRY_DISABLED'])
    const wrong = blocks.filter(block => ['sh', 'bash'].includes(block.lang)).flatMap(block =>
      environmentOf(block.code)
        .filter(name => !general.has(name) && !documented.has(name))
        .map(name => `${named(block)}: ${name} is documented nowhere in docs/configuration.md or docs/testing.md`))
    expect(wrong).toEqual([])
  })
})

/**
 * Names a shell block puts in a command's environment: `NAME=value command …` and `export NAME=…`.
 * A line that only assigns (`KEY=svc_...`) sets a variable of the example's own shell.
 */
function environmentOf (code: string): string[] {
  const names: string[] = []
  for (const line of code.split('\n')) {
    const exported = /^\s*export ([A-Z][A-Z0-9_]+)=/.exec(line)
    if (exported) names.push(exported[1]!)
    const prefix = /^\s*(?:\w+ -c ["'])?((?:[A-Z][A-Z0-9_]+=(?:'[^']*'|"[^"]*"|[^\s'"]+)\s+)+)(?!#)\S/.exec(line)
    if (prefix) names.push(...[...prefix[1]!.matchAll(/([A-Z][A-Z0-9_]+)=/g)].map(match => match[1]!))
  }
  return names
}

function parseOrNull (text: string): Record<string, unknown> | null {
  try {
    return JSON.parse(text) as Record<string, unknown>
  } catch {
    return null
  }
}

/** Variables named in backticks in the configuration table and the testing guide. */
function documentedVariables (): Set<string> {
  const text = ['docs/configuration.md', 'docs/testing.md', 'docs/performance.md', 'docs/reliability.md'].map(doc => readFileSync(doc, 'utf8')).join('\n')
  return new Set([...text.matchAll(/`([A-Z][A-Z0-9_]{2,})(?:=[^`]*)?`/g)].map(match => match[1]!))
}

test('docs/configuration.md documents every environment variable the package, the host and the scripts read', () => {
  const table = readFileSync('docs/configuration.md', 'utf8')
  const rows = new Set([...table.matchAll(/^\| `([A-Z][A-Z0-9_<>]+)`/gm)].map(match => match[1]!))
  // Per-rule retention variables are one row, `SVC_RETENTION_<RULE>_DAYS`.
  const covered = (name: string) => rows.has(name) || (/^SVC_RETENTION_\w+_DAYS$/.test(name) && rows.has('SVC_RETENTION_<RULE>_DAYS'))
  const sources = ['packages/control-plane/src', 'host', 'scripts', 'schema'].flatMap(dir => walk(dir)).concat(['keystone.ts'])
  const read = new Set<string>()
  for (const file of sources) {
    const text = readFileSync(file, 'utf8')
    // `env.NAME`, `env['NAME']`, `integerEnv(env, 'NAME')` and the like, and any quoted name of the site's prefixes.
    const patterns = /\benv(?:\.|\[')([A-Z][A-Z0-9_]+)|Env\(\w+, '([A-Z][A-Z0-9_]+)'|'((?:SVC|SMTP|SITE|SESSION|DATABASE)_[A-Z0-9_]+)'/g
    for (const match of text.matchAll(patterns)) read.add((match[1] ?? match[2] ?? match[3])!)
  }
  // Set by the package's own CLI for Prisma's schema engine, not by an operator.
  read.delete('PRISMA_SCHEMA_ENGINE_BINARY')
  expect(read.size).toBeGreaterThan(20)
  expect([...read].filter(name => !covered(name)).sort()).toEqual([])
})

function walk (dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap(entry => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return walk(full)
    return /\.tsx?$/.test(entry.name) ? [full] : []
  })
}
