import { spawn, type ChildProcess } from 'node:child_process'

export type HostProcess = { url: string, pid: number, stop (): Promise<void> }

/**
 * The host in a Node process of its own (`entry`, test/support/host-process-main.ts unless another
 * host's, which prints `listening <port>` the same way), configured only by `env` as `npm start`
 * would be, without the Admin UI or a build: for several instances on one database
 * (`DATABASE_URL`) and for measuring one process's memory. Resolves once it listens.
 */
export function startHostProcess (env: NodeJS.ProcessEnv, entry = 'test/support/host-process-main.ts'): Promise<HostProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', entry], {
    // The suite's other systems are loopback peers.
    env: { ...process.env, NODE_OPTIONS: '', SVC_OUTBOUND_ALLOW: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server process did not start:\n${output}`)), 60_000)
    child.stderr!.on('data', chunk => { output += chunk })
    child.stdout!.on('data', chunk => {
      output += chunk
      const match = /listening (\d+)/.exec(output)
      if (!match) return
      clearTimeout(timer)
      resolve({
        url: `http://127.0.0.1:${match[1]}`,
        pid: child.pid!,
        stop: () => new Promise(done => {
          child.once('exit', () => done())
          child.kill('SIGTERM')
        }),
      })
    })
    child.once('exit', code => { clearTimeout(timer); reject(new Error(`server process exited with ${code}:\n${output}`)) })
  })
}
