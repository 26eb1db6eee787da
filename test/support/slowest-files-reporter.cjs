// Prints the slowest test files of the run with their wall times, so every CI log says where the
// time went (docs/testing.md "Where the time goes"), and writes every file's time to
// test-output/jest-file-times-<provider>-<projects>.json for a closer look.
const { mkdirSync, writeFileSync } = require('node:fs')

class SlowestFilesReporter {
  /** `provider` names the file of times with the projects that ran: jest.config.js tells it which database the run is on. */
  constructor(_globalConfig, { provider }) {
    this.provider = provider
  }

  onRunComplete(_contexts, results) {
    const files = results.testResults
      .map(file => ({ path: file.testFilePath.replace(`${process.cwd()}/`, ''), seconds: (file.perfStats.end - file.perfStats.start) / 1000 }))
      .sort((a, b) => b.seconds - a.seconds)
    if (files.length === 0) return
    const projects = [...new Set(results.testResults.map(file => file.displayName?.name ?? 'default'))].sort().join('+')
    mkdirSync('test-output', { recursive: true })
    writeFileSync(`test-output/jest-file-times-${this.provider}-${projects}.json`, `${JSON.stringify(files, null, 1)}\n`)
    process.stderr.write(`\nSlowest test files (wall time):\n${files.slice(0, 15).map(file => `${file.seconds.toFixed(1).padStart(8)} s  ${file.path}`).join('\n')}\n`)
  }
}
module.exports = SlowestFilesReporter
