import { expect } from '@jest/globals'
import { executionAsyncId } from 'node:async_hooks'
import { spawnSync } from 'node:child_process'
import path from 'node:path'

/** Non-zero only while something tracks promises (async hooks): before Node 24, an entered AsyncLocalStorage does, for the whole process. */
export const asyncIdOfAContinuation = () => new Promise<number>(resolve => { void Promise.resolve().then(() => resolve(executionAsyncId())) })

const FRESH = 'SVC_TEST_FRESH_PROCESS'

/**
 * Whether this process tracked no promise before the test began. A jest worker runs many files
 * one after the other, and a library one of them loaded may have left async hooks on (oidc-provider
 * did, before the package switched its store off); then only a fresh process can tell what the
 * test's own steps leave behind: `expectToPassInAFreshProcess`.
 */
export const noPromiseTracked = async () => await asyncIdOfAContinuation() === 0

/** Runs the tests named `testName` of `file` in a jest process of their own, and expects them to pass. */
export function expectToPassInAFreshProcess (file: string, testName: string): void {
  expect(process.env[FRESH]).toBeUndefined()
  const jest = path.join(process.cwd(), 'node_modules/jest/bin/jest.js')
  const run = spawnSync(process.execPath, [jest, '--selectProjects', 'suite', '--runInBand', file, '-t', testName], {
    env: { ...process.env, [FRESH]: '1' }, encoding: 'utf8', timeout: 120_000,
  })
  expect(`${run.status} ${/Tests:.* [1-9]\d* passed/.test(run.stderr) && !/Tests:.* failed/.test(run.stderr)}`).toBe('0 true')
}
