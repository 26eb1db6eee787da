// The linter `npm test` runs (docs/testing.md "Lint and unused code"): typescript-eslint's
// type-checked recommended rules over the package, the demo host, scripts, bench and tests.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**', '**/dist/**', '**/generated/**', '**/.keystone/**', 'var/**', 'test-output/**',
      // The second host, the roles host and Keystone's starter are installed copies' consumers with their own tsconfig (and lockfile); their own builds check them.
      'hosts/second/**', 'hosts/starter/**', 'hosts/roles/**',
      '**/*.js', '**/*.cjs', '**/*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // As tsc's noUnusedLocals, plus the convention already used for values left out on purpose (`const { NODE_ENV: _mode, ...rest }`).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // Handlers and callbacks of an async contract (operation handlers, Keystone's and oidc-provider's hooks)
      // stay `async` without an `await`: they return a promise uniformly, and a throw in them rejects it;
      // dropping `async` would make that throw reach the caller synchronously instead.
      '@typescript-eslint/require-await': 'off',
      // An option group's shape is named by an interface that only extends it (`ApiKeyShape`): the
      // declaration files then print its name and keep its fields' JSDoc (strict-group.ts).
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
    },
  },
  {
    files: ['test/**/*.ts'],
    rules: {
      // Tests read HTTP bodies as supertest gives them (`res.body: any`) and assert on them with
      // expect(); declaring a type per body would only restate the assertion.
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
)
