import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { bindMigrationAwareSqlAdapterFactory, type SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils'

type SchemaFile = { path: string, content: string }

type DiffTarget = { tag: 'empty' } | { tag: 'schemaDatamodel', files: SchemaFile[] }

type Engine = {
  diff (params: {
    from: DiffTarget
    to: DiffTarget
    script: boolean
    exitCode: boolean | null
    filters: { externalTables: string[], externalEnums: string[] }
  }): Promise<{ exitCode: number, stdout: string | null }>
  free (): void
}

type EngineModule = {
  SchemaEngine: { new: (options: { datamodels: [string, string][] | undefined }, log: (line: string) => void, adapter: object) => Promise<Engine> }
  __wbg_set_wasm (exports: WebAssembly.Exports): void
}

let enginePromise: Promise<EngineModule> | null = null

/**
 * Loads Prisma's schema engine compiled to WebAssembly. The Prisma CLI would download a native
 * binary instead, which these machines cannot reach; the WebAssembly build ships inside npm.
 */
function loadEngineModule (): Promise<EngineModule> {
  enginePromise ??= (async () => {
    const packageDir = path.dirname(createRequire(import.meta.url).resolve('@prisma/schema-engine-wasm/schema_engine_bg'))
    const bindings = await import(pathToFileURL(path.join(packageDir, 'schema_engine_bg.js')).href) as EngineModule & Record<string, unknown>
    const wasmBytes = await readFile(path.join(packageDir, 'schema_engine_bg.wasm'))
    const { instance } = await WebAssembly.instantiate(wasmBytes, { './schema_engine_bg.js': bindings as WebAssembly.ModuleImports })
    bindings.__wbg_set_wasm(instance.exports)
    ;(instance.exports.__wbindgen_start as () => void)()
    return bindings
  })()
  return enginePromise
}

/**
 * The SQL that takes a database from one Prisma datamodel to another, computed offline
 * (no database is read). `from: null` means an empty database.
 */
export async function diffDatamodels (
  adapterFactory: SqlMigrationAwareDriverAdapterFactory,
  from: string | null,
  to: string,
): Promise<string> {
  const { SchemaEngine } = await loadEngineModule()
  const engine = await SchemaEngine.new({ datamodels: [['schema.prisma', to]] }, () => {}, bindMigrationAwareSqlAdapterFactory(adapterFactory))
  try {
    const result = await engine.diff({
      from: from === null ? { tag: 'empty' } : { tag: 'schemaDatamodel', files: [{ path: 'schema.prisma', content: from }] },
      to: { tag: 'schemaDatamodel', files: [{ path: 'schema.prisma', content: to }] },
      script: true,
      exitCode: null,
      filters: { externalTables: [], externalEnums: [] },
    })
    return result.stdout ?? ''
  } finally {
    engine.free()
  }
}
