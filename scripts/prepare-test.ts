import { ensureBuilt } from './lib/build.ts'

// Tests import the generated Prisma client and build Keystone's schema in-process.
await ensureBuilt({ ui: false })
