import { ensureBuilt } from './lib/build.ts'

// Tests import the generated Prisma client and build Keystone's schema in-process; the Admin UI
// end-to-end test serves the built Admin UI. Built here, before jest, so no build runs beside tests.
await ensureBuilt({ ui: true })
