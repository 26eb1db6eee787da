import { readdirSync, readFileSync } from 'node:fs'

/**
 * Files marked `@svc-provider-independent` near their top read nothing that depends on the
 * database's provider (pure functions, the docs, the Admin UI's pages in Chromium): CI runs them
 * once, on SQLite, and the PostgreSQL run leaves them out (docs/testing.md "CI").
 */
const MARKER = '@svc-provider-independent'
const onPostgres = /^postgres(ql)?:/i.test(process.env.DATABASE_URL?.trim() ?? '')
const providerIndependent = onPostgres
  ? readdirSync('test').filter(file => file.endsWith('.test.ts') && readFileSync(`test/${file}`, 'utf8').slice(0, 4000).includes(MARKER))
  : []

/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  // The package's sources, not its build: tests import its internals beside the host, one module instance for both.
  testEnvironmentOptions: { customExportConditions: ['svc-source', 'node', 'node-addons'] },
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.json', diagnostics: false }],
  },
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', ...providerIndependent.map(file => `/test/${file.replaceAll('.', '\\.')}$`)],
  testTimeout: 30000,
  maxWorkers: 2,
  reporters: ['default', '<rootDir>/test/support/slowest-files-reporter.cjs'],
  testSequencer: '<rootDir>/test/support/slow-first-sequencer.cjs',
}
