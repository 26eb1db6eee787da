import { createRequire } from 'node:module'
import path from 'node:path'

export const PACKAGE_NAME = 'keystone-svc-control-plane'

/**
 * The installed package's `package.json`, resolved from the project root: Keystone bundles the
 * package's modules into CommonJS, where `import.meta.url` does not exist, jest runs them as ES
 * modules, where `require` does not, and every entry point runs from the root, whose
 * dependencies hold the package.
 */
export const packageManifestFile = (): string => createRequire(path.resolve('package.json')).resolve(`${PACKAGE_NAME}/package.json`)

let packageRequire: NodeJS.Require | undefined

/**
 * A dependency of the package loaded the first time it is used, synchronously, for code that
 * cannot await. Resolved from the package's own folder, so its dependencies are found under any
 * layout (pnpm's included). What only some sites use waits here rather than loading with every
 * site: the HTML stack is about 100 modules and 40 MB.
 */
export function onFirstUse<T> (specifier: string): () => T {
  let loaded: T | undefined
  return () => {
    packageRequire ??= createRequire(packageManifestFile())
    return loaded ??= packageRequire(specifier) as T
  }
}
