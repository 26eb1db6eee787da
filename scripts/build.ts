import { ensureBuilt } from './lib/build.ts'

await ensureBuilt({ ui: !process.argv.includes('--no-ui') })
