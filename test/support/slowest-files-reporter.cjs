// Prints the slowest test files of the run with their wall times, so every CI log says where the
// time went (docs/testing.md "Where the time goes").
class SlowestFilesReporter {
  onRunComplete(_contexts, results) {
    const files = results.testResults
      .map(file => ({ path: file.testFilePath.replace(`${process.cwd()}/`, ''), seconds: (file.perfStats.end - file.perfStats.start) / 1000 }))
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, 15)
    if (files.length === 0) return
    process.stderr.write(`\nSlowest test files (wall time):\n${files.map(file => `${file.seconds.toFixed(1).padStart(8)} s  ${file.path}`).join('\n')}\n`)
  }
}
module.exports = SlowestFilesReporter
