import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { defaultLog } from '../lib/log.ts'

/**
 * A random secret kept in `var/<file>` so development works without configuration. Production
 * sites set the environment variable instead; the warning says which.
 */
export function readOrCreateDevSecret (file: string, envName: string, varDir = process.env.SVC_VAR_DIR ?? 'var'): string {
  const filePath = path.resolve(varDir, file)
  try {
    return readFileSync(filePath, 'utf8').trim()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  mkdirSync(path.dirname(filePath), { recursive: true })
  const secret = randomBytes(32).toString('base64')
  try {
    writeFileSync(filePath, `${secret}\n`, { mode: 0o600, flag: 'wx' })
  } catch (error) {
    // Another process created it first; use theirs so both agree.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(filePath, 'utf8').trim()
    throw error
  }
  defaultLog(`${envName} is not set: generated a development value in ${filePath}. Set ${envName} in production.`)
  return secret
}
