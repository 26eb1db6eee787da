import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

/** The package's folder, which the checks below read. */
export const PACKAGE_ROOT = 'packages/control-plane'

/** Relative imports of every TypeScript file under `dirs`, type-only ones included, keyed by path from `root`. */
export function importGraph (root: string, dirs: readonly string[] = ['src', 'admin', 'scripts']): Map<string, string[]> {
  const graph = new Map<string, string[]>()
  const files = dirs.flatMap(dir => readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter(file => /\.tsx?$/.test(file))
    .map(file => path.join(dir, file)))
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(path.join(root, file), 'utf8'), true, true)
    graph.set(file, importedFiles
      .map(imported => imported.fileName)
      .filter(name => name.startsWith('.'))
      .map(name => path.join(path.dirname(file), name)))
  }
  return graph
}

/** Groups of files that import each other, directly or around a circle (Tarjan's strongly connected components). */
export function cycles (graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const visit = (file: string) => {
    index.set(file, index.size)
    low.set(file, index.get(file)!)
    stack.push(file)
    onStack.add(file)
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue
      if (!index.has(next)) {
        visit(next)
        low.set(file, Math.min(low.get(file)!, low.get(next)!))
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file)!, index.get(next)!))
      }
    }
    if (low.get(file) !== index.get(file)) return
    const component: string[] = []
    let member: string
    do {
      member = stack.pop()!
      onStack.delete(member)
      component.push(member)
    } while (member !== file)
    if (component.length > 1 || graph.get(file)!.includes(file)) found.push(component.sort())
  }
  for (const file of graph.keys()) if (!index.has(file)) visit(file)
  return found
}

/**
 * The package's source stands in four wings whose imports run one way: `doors/` (the protocols a
 * call comes in by) on `kernel/` (declarations, registry, the call pipeline, options → installation
 * → runtime) on `platform/` (database, secrets, auth, audit, outbox, events, …); `resources/` build
 * on `kernel/` and `platform/`. The entries beside them (`index.ts`, `database.ts`) compose the
 * wings; so does the command line (`doors/cli/`), which mints keys as `api_keys` does.
 */
const WING_IMPORTS: Record<string, readonly string[]> = {
  platform: [],
  kernel: ['platform'],
  resources: ['kernel', 'platform'],
  doors: ['kernel', 'platform'],
}
const CLI = path.join('src', 'doors', 'cli') + path.sep

const wingOf = (file: string): string | null => {
  const [top, wing] = file.split(path.sep)
  return top === 'src' && wing !== undefined && wing in WING_IMPORTS ? wing : null
}

/** The imports `refused` holds for, each as `file -> imported`. */
const arrowsWhere = (graph: Map<string, string[]>, refused: (file: string, imported: string) => boolean): string[] =>
  [...graph].flatMap(([file, imports]) => imports.filter(imported => refused(file, imported)).map(imported => `${file} -> ${imported}`))

/** Imports from one wing into another that the order above does not allow. */
export function importsAgainstTheWings (graph: Map<string, string[]>): string[] {
  return arrowsWhere(graph, (file, imported) => {
    const from = wingOf(file)
    const to = wingOf(imported)
    if (from === null || to === null || to === from || WING_IMPORTS[from]!.includes(to)) return false
    return !(file.startsWith(CLI) && to === 'resources')
  })
}

/**
 * Packages a wing may not import, by the wing's folder: the kernel decides calls for every door,
 * so it speaks no protocol's framework; each door translates its own.
 */
const FORBIDDEN_PACKAGES: Record<string, readonly string[]> = {
  [path.join('src', 'kernel')]: ['express'],
}

/** Imports of a package (type-only ones included) from a folder that may not import it. */
export function forbiddenPackageImports (root: string, rules: Record<string, readonly string[]> = FORBIDDEN_PACKAGES): string[] {
  return Object.entries(rules).flatMap(([folder, packages]) =>
    readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
      .filter(file => /\.tsx?$/.test(file))
      .flatMap(file => {
        const { importedFiles } = ts.preProcessFile(readFileSync(path.join(root, folder, file), 'utf8'), true, true)
        return importedFiles
          .filter(imported => packages.some(name => imported.fileName === name || imported.fileName.startsWith(`${name}/`)))
          .map(imported => `${path.join(folder, file)} -> ${imported.fileName}`)
      }))
}

/**
 * Folders a wing may not import although the order of the wings allows it: the kernel decides who
 * calls and audits every call, so a door reaches authentication and the audit log only through it
 * (what of `platform/auth` a door needs, `kernel/access/door-auth.ts` hands on).
 */
const FORBIDDEN_FOLDERS: Record<string, readonly string[]> = {
  [path.join('src', 'doors')]: [path.join('src', 'platform', 'auth'), path.join('src', 'platform', 'audit')],
}

const within = (file: string, folder: string) => file.startsWith(folder + path.sep)

/** Imports (type-only ones included) from a folder into one it may not import. */
export function forbiddenFolderImports (graph: Map<string, string[]>, rules: Record<string, readonly string[]> = FORBIDDEN_FOLDERS): string[] {
  return arrowsWhere(graph, (file, imported) => Object.entries(rules)
    .some(([from, folders]) => within(file, from) && folders.some(folder => within(imported, folder))))
}

const RESOURCES = path.join('src', 'resources') + path.sep

/** The resource a file belongs to: the folder under `src/resources/` it stands in (none for `src/resources/index.ts`). */
const resourceOf = (file: string): string | null => {
  if (!file.startsWith(RESOURCES)) return null
  const [name, ...rest] = file.slice(RESOURCES.length).split(path.sep)
  return rest.length > 0 ? name! : null
}

/**
 * Imports from one resource's files into another's: resources that need each other reach through
 * a hook one provides and the other asks for (`kernel/hooks/`), or through what both build on in
 * `platform/`, so a resource can be left out, replaced or switched off without the others breaking.
 * `src/resources/index.ts`, which lists them all, belongs to none.
 */
export function importsAcrossResources (graph: Map<string, string[]>): string[] {
  return arrowsWhere(graph, (file, imported) => {
    const from = resourceOf(file)
    const to = resourceOf(imported)
    return from !== null && to !== null && to !== from
  })
}

/**
 * Imports that leave the package's folder: the package is installed on its own, so a path into
 * the demo host (`schema/`, `host/`, `admin/`, its generated client) would not resolve on any other host.
 */
export function importsLeavingPackage (graph: Map<string, string[]>): string[] {
  return arrowsWhere(graph, (_file, imported) => imported.startsWith('..'))
}
