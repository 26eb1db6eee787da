/**
 * `npm run test:faults`: two instances of the built demo server on one database behind a loopback
 * balancer, a steady load, and seeded faults (SIGKILL and restart, SIGSTOP/SIGCONT, a hanging
 * forwarding receiver, a PostgreSQL restart); then checks that nothing answered 2xx was lost or
 * stored twice. Options: --seed N (replay a run), --duration SECONDS (of the load, default 120),
 * --faults N (default 22). PostgreSQL restarts need PG_RESTART_COMMAND (set by .ci/postgres.sh).
 * See docs/reliability.md.
 */
import { ensureBuilt } from '../../scripts/lib/build.ts'

// The generated Prisma client is made for DATABASE_URL's provider by the build: imported only after it.
await ensureBuilt({ ui: true })
await import('./main.ts')
