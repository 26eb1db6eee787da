/**
 * Builds the package: the Prisma types of the reference host, then JavaScript and declarations
 * under `dist/`. Skipped when nothing it reads changed since the last build (`--force` builds anyway).
 */
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

const packageDir = path.resolve(import.meta.dirname, '..')
const STAMP = path.join(packageDir, 'dist/.build-stamp')
const INPUTS = ['src', 'admin', 'scripts', 'package.json', 'tsconfig.json', 'tsconfig.build.json']

function filesUnder (entry: string): string[] {
  if (!existsSync(entry)) return []
  if (!statSync(entry).isDirectory()) return [entry]
  return readdirSync(entry).sort().flatMap(name => filesUnder(path.join(entry, name)))
}

function fingerprint (): string {
  const hash = createHash('sha256')
  for (const file of INPUTS.flatMap(input => filesUnder(path.join(packageDir, input)))) hash.update(path.relative(packageDir, file)).update(readFileSync(file))
  return hash.digest('hex')
}

function run (args: string[]): void {
  const result = spawnSync(process.execPath, args, { stdio: 'inherit', cwd: packageDir })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

const current = fingerprint()
const built = existsSync(STAMP) ? readFileSync(STAMP, 'utf8').trim() : null
if (built === current && !process.argv.includes('--force')) process.exit(0)

console.log('[svc] building the control-plane package…')
const require = createRequire(import.meta.url)
run([require.resolve('tsx/cli'), 'scripts/generate-types.ts'])
rmSync(path.join(packageDir, 'dist'), { recursive: true, force: true })
run([require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.build.json'])
run([require.resolve('tsx/cli'), 'scripts/bundle.ts'])
writeFileSync(STAMP, current + '\n')
