/**
 * Bundles the compiled server code (dist/src) into dist/server: the entry points a site loads
 * (the package, its database helpers, the command line) and their code in a few shared chunks,
 * with every dependency left to the site's node_modules. A site then loads about 30 files instead
 * of about 550 (each one resolved, read and linked on its own): issue 53 measured the package's
 * import at the larger part of what it adds to a site's start. Dynamic `import()`s stay chunks of
 * their own, so what loads on first use still does. dist/src stays for the declarations, the Admin
 * UI's imports and the delivery-mapping worker thread.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { build } from 'esbuild'

const packageDir = path.resolve(import.meta.dirname, '..')

const SERVER_ENTRIES = {
  index: 'dist/src/index.js',
  database: 'dist/src/database.js',
  cli: 'dist/src/doors/cli/main.js',
} as const

const { outputFiles } = await build({
  absWorkingDir: packageDir,
  entryPoints: SERVER_ENTRIES,
  outdir: 'dist/server',
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  packages: 'external',
  // No `keepNames`: its helper renames every function as it is created, inner closures on each
  // call included (issue 55's profile of a dispatch); unminified, names stay as written anyway,
  // but for the few esbuild renames where two modules' top-level names collide.
  // V8 keeps each loaded file's source for the life of the process, at two bytes per character
  // when a single one is beyond Latin-1: ASCII halves what the package's code holds in the heap.
  charset: 'ascii',
  write: false,
  logLevel: 'warning',
})

// esbuild escapes every string, template and regular expression; what it leaves are comments.
const escaped = (text: string) => text.replace(/[\u0080-\uffff]/g, char => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)

for (const file of outputFiles) {
  await mkdir(path.dirname(file.path), { recursive: true })
  await writeFile(file.path, escaped(file.text))
}
