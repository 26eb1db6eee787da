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

/**
 * Two projects. `suite` is `npm test`; `hosts` (`*-host.e2e.test.ts`: the packed package installed
 * from the npm registry into another Keystone site, built and started there) is
 * `npm run test:hosts`, a suite of its own as the fault and conformance suites are: minutes of
 * installs and builds that prove the package as a site receives it, not the code a change touches.
 * `npm run test:postgres` runs both. `.ci/run` runs every one (docs/testing.md "CI").
 */
const INSTALLED_HOSTS = { glob: '<rootDir>/test/*-host.e2e.test.ts', pattern: '/test/[^/]+-host\\.e2e\\.test\\.ts$' }

/** @type {import('jest').Config} */
const suite = {
  displayName: 'suite',
  rootDir: import.meta.dirname,
  testEnvironment: 'node',
  // The package's sources, not its build: tests import its internals beside the host, one module instance for both.
  testEnvironmentOptions: { customExportConditions: ['svc-source', 'node', 'node-addons'] },
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.json', diagnostics: false }],
  },
  // graphql's production instanceOf (test/support/graphql-instance-of.cjs says why).
  moduleNameMapper: { '^\\.\\./jsutils/instanceOf\\.m?js$': '<rootDir>/test/support/graphql-instance-of.cjs' },
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  // var/ holds what runs leave (databases, packed tarballs, a release's tree while it is built), never
  // modules but the Prisma clients generated for hosts of other id kinds (test/support/id-kind-client.ts).
  modulePathIgnorePatterns: ['<rootDir>/var/(?!id-kinds/)'],
  testPathIgnorePatterns: ['/node_modules/', INSTALLED_HOSTS.pattern, ...providerIndependent.map(file => `/test/${file.replaceAll('.', '\\.')}$`)],
}

/** @type {import('jest').Config} */
const hosts = { ...suite, displayName: 'hosts', testMatch: [INSTALLED_HOSTS.glob], testPathIgnorePatterns: ['/node_modules/'] }

/** @type {import('jest').Config} */
export default {
  projects: [suite, hosts],
  testTimeout: 30000,
  maxWorkers: 2,
  // Node never frees a vm.SourceTextModule (nodejs/node#59118), so each file's module graph, about
  // 90 MB, stays in its worker: by the end a worker held 3.5 GB, every major GC marked all of it,
  // and the worker took too long to exit ("failed to exit gracefully"). A worker past 1 GB after a
  // file is replaced; the suite ran 13 % faster (docs/testing.md "Where the time goes").
  workerIdleMemoryLimit: '1GB',
  reporters: ['default', ['<rootDir>/test/support/slowest-files-reporter.cjs', { provider: onPostgres ? 'postgresql' : 'sqlite' }]],
  testSequencer: '<rootDir>/test/support/slow-first-sequencer.cjs',
}
