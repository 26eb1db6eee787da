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
  testTimeout: 30000,
  maxWorkers: 2,
}
