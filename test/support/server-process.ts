import { spawn, type ChildProcess } from 'node:child_process'

export type ServerProcess = { url: string, pid: number, stop (): Promise<void> }

/** Starts test/support/serve.ts in its own Node process and waits until it listens. */
export function startServerProcess (env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'test/support/serve.ts'], {
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

/**
 * Collects what a Keystone server process prints and settles once it prints "Server listening on":
 * rejects with all of it when the process exits first or `timeoutMs` passes.
 */
export function watchKeystoneStart (child: ChildProcess, what: string, timeoutMs: number): { listening: Promise<void>, output: () => string } {
  let output = ''
  const listening = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not start:\n${output}`)), timeoutMs)
    const collect = (chunk: Buffer) => {
      output += chunk
      if (!/Server listening on/.test(output)) return
      clearTimeout(timer)
      resolve()
    }
    child.stdout!.on('data', collect)
    child.stderr!.on('data', collect)
    child.once('exit', code => { clearTimeout(timer); reject(new Error(`${what} exited with ${code}:\n${output}`)) })
  })
  return { listening, output: () => output }
}
