/**
 * npm run cli -- create-admin --email E --password P [--name N] [--promote]
 * npm run cli -- mint-key --email E --label L [--expires-in-days D]
 */
import { parseArgs } from 'node:util'
import { ensureBuilt } from './lib/build.ts'

const USAGE = `usage:
  npm run cli -- create-admin --email E --password P [--name N] [--promote]
  npm run cli -- mint-key --email E --label L [--expires-in-days D]`

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    name: { type: 'string' },
    label: { type: 'string' },
    'expires-in-days': { type: 'string' },
    promote: { type: 'boolean' },
  },
})

function fail (message: string): never {
  console.error(message)
  process.exit(1)
}

function required (name: keyof typeof values): string {
  const value = values[name]
  if (typeof value !== 'string' || !value.trim()) fail(`--${name} is required\n${USAGE}`)
  return value
}

const command = positionals[0]
if (command !== 'create-admin' && command !== 'mint-key') fail(USAGE)

await ensureBuilt({ ui: false })
const { openDatabase } = await import('./lib/database.ts')
const db = await openDatabase({ quiet: true })
try {
  if (command === 'create-admin') {
    const { PromotionRefused, upsertAdministrator } = await import('./lib/accounts.ts')
    const password = required('password')
    if (password.length < 8) fail('--password must be at least 8 characters')
    const email = required('email')
    const { account, promotedFrom } = await upsertAdministrator(db, { email, password, name: values.name, promote: values.promote === true }).catch(error => {
      if (error instanceof PromotionRefused) fail(error.message)
      throw error
    })
    if (promotedFrom) console.log(`promoted ${account.email} from ${promotedFrom} to administrator`)
    console.log(`administrator ${account.email} is ready`)
  } else {
    const { issueApiKey } = await import('../packages/control-plane/src/resources/api-keys/issue-key.ts')
    const { roleHasCapability } = await import('../packages/control-plane/src/auth/capabilities.ts')
    const { resolveOptions } = await import('../packages/control-plane/src/options.ts')
    const email = required('email')
    const account = await db.user.findUnique({ where: { email }, select: { id: true, role: true } })
    if (!account) fail(`no account with e-mail ${email}`)
    if (!roleHasCapability(resolveOptions().capabilities, account.role, 'manage_options')) {
      console.error(`warning: ${email} is a ${account.role}; its key will be refused until the account holds manage_options`)
    }
    const days = values['expires-in-days']
    if (days !== undefined && !/^\d+$/.test(days)) fail('--expires-in-days must be a whole number')
    const key = await issueApiKey(db as never, { accountId: account.id, label: required('label'), expiresInDays: days ? Number(days) : undefined }, new Date())
    console.log(`minted ${key.prefix} ("${key.label}") for ${email}; it is shown once:`)
    console.log(key.key)
  }
} finally {
  await db.$disconnect()
}
