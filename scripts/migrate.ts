/** npm run migrate: `svc-control-plane migrate` on this host (migrations/<provider>/, DATABASE_URL). */
import { main } from '../packages/control-plane/src/doors/cli/main.ts'

process.exitCode = await main(['migrate'], { err: line => console.error(`[svc] ${line}`) })
process.exit()
