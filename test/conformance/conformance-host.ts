import { spawn } from 'node:child_process'
import type { HostProcess } from '../support/host-process.ts'

/**
 * The conformance run's host (host-main.ts) in a Node process of its own, configured by `env` as
 * `npm start` would be: startHostProcess's contract (resolves once it listens, `stop()` ends it),
 * for the entry that adds the suite's fixture tools, which the shipped demo host never carries.
 */
export function startConformanceHost (env: NodeJS.ProcessEnv): Promise<HostProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/conformance/host-main.ts'], {
    env: { ...process.env, NODE_OPTIONS: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`conformance host did not start:\n${output}`)), 60_000)
    child.stderr.on('data', chunk => { output += chunk })
    child.stdout.on('data', chunk => {
      output += chunk
      const port = /listening (\d+)/.exec(output)?.[1]
      if (!port) return
      clearTimeout(timer)
      resolve({
        url: `http://127.0.0.1:${port}`,
        pid: child.pid!,
        stop: () => new Promise(done => { child.once('exit', () => done()); child.kill('SIGTERM') }),
      })
    })
    child.once('exit', code => { clearTimeout(timer); reject(new Error(`conformance host exited with ${code}:\n${output}`)) })
  })
}
