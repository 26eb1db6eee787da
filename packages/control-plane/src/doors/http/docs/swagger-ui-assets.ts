import { createRequire } from 'node:module'
import path from 'node:path'

/** The files of `swagger-ui-dist` the reference page loads, and their types. */
export const SWAGGER_UI_ASSETS: Readonly<Record<string, string>> = {
  'swagger-ui.css': 'text/css',
  'swagger-ui-bundle.js': 'text/javascript',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
}

let directory: string | undefined

/**
 * Where npm installed `swagger-ui-dist`. Resolved from the project root, like the migrations:
 * Keystone bundles this module into CommonJS, where `import.meta.url` does not exist, and jest
 * runs it as an ES module, where `require` does not; every entry point runs from the root.
 */
export function swaggerUiDirectory (): string {
  directory ??= path.dirname(createRequire(path.resolve('package.json')).resolve('swagger-ui-dist/package.json'))
  return directory
}
