#!/usr/bin/env node
// The package's command line; the code is compiled to dist/ when the package is built (prepack).
import { main } from '../dist/server/cli.js'

process.exitCode = await main(process.argv.slice(2))
// A driver's pool or timer must not keep a finished command alive.
process.exit()
