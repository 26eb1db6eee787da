/**
 * `npm start`: build when needed, migrate, make sure an administrator exists, then serve —
 * in production unless NODE_ENV is set. `npm run dev` (`--dev`) serves in development.
 */
import { ensureBuilt, ensurePackageBuilt, KEYSTONE_CLI, runNode } from './lib/build.ts'

// A fresh clone's `npm start` sets no NODE_ENV: it may keep a generated encryption key under var/
// (with a warning naming the file). An operator who says NODE_ENV=production must configure one.
if (process.env.NODE_ENV === undefined) process.env.SVC_ALLOW_GENERATED_KEY ??= '1'
process.env.NODE_ENV ??= process.argv.includes('--dev') ? 'development' : 'production'
// host/ imports the package by name, which resolves to its compiled output: a fresh clone has none
// until it is built, so the host is imported only after that (a static import would fail first).
await ensurePackageBuilt()
const { missingSharedSecret } = await import('../host/runtime-mode.ts')
const missingSecret = missingSharedSecret()
if (missingSecret) {
  console.error(`[svc] cannot start: ${missingSecret}`)
  process.exit(1)
}
await ensureBuilt({ ui: true })
const { openDatabase } = await import('./lib/database.ts')
const { ensureFirstAdministrator } = await import('./lib/accounts.ts')

const db = await openDatabase()
const created = await ensureFirstAdministrator(db)
await db.$disconnect()

const port = process.env.PORT ?? '3000'
const site = process.env.SITE_URL ?? `http://localhost:${port}`
if (created) {
  console.log([
    '',
    '[svc] created the first administrator:',
    `        e-mail:   ${created.email}`,
    `        password: ${created.generated ? `${created.password}   (generated; shown once — set SVC_ADMIN_PASSWORD to choose it)` : '(from SVC_ADMIN_PASSWORD)'}`,
  ].join('\n'))
}
console.log([
  '',
  `[svc] Mode:       ${process.env.NODE_ENV}`,
  `[svc] Admin UI:   ${site}/`,
  `[svc] Manifest:   ${site}/api/svc/v1/manage/manifest`,
  `[svc] MCP:        ${site}/api/svc/v1/mcp   (Streamable HTTP; Authorization: Bearer <API key>)`,
  `[svc] API key:    npm run cli -- mint-key --email <administrator e-mail> --label "my tool"`,
  '',
].join('\n'))

await runNode([KEYSTONE_CLI, 'start'], { ...process.env, PORT: port })
