import { ensureBuilt } from './lib/build.ts'

// The benchmark imports the generated Prisma client of the provider DATABASE_URL names
// (SQLite unless it is postgresql://…); no Admin UI is served, so none is built.
await ensureBuilt({ ui: false })
