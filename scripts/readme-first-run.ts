/**
 * The README's first commands, as a new user types them, on the clone they are run in: the start
 * command, sign-in to the Admin UI's GraphQL with the e-mail and password it printed, the
 * `mint-key` line, and the first `curl` calls with the key it printed. The commands are read from
 * README.md's fenced blocks, so a change to the README changes what runs. `.ci/run` runs this
 * right after `npm install`, before anything else builds.
 *
 *   npx tsx scripts/readme-first-run.ts [--dev]
 *
 * `--dev` runs `npm run dev` where the README says `npm start`. The server is stopped at the end.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const port = process.env.PORT?.trim() || '3000'
const site = `http://localhost:${port}`
const startTimeoutMs = 20 * 60_000

class ReadmeStepFailed extends Error {}

/** The README's shell blocks, in order. */
function shellBlocks (markdown: string): string[] {
  return [...markdown.matchAll(/^```(?:sh|bash|shell)\n([\s\S]*?)^```/gm)].map(match => match[1]!.trim())
}

function blockWith (blocks: string[], pattern: RegExp, what: string): string {
  const block = blocks.find(text => pattern.test(text))
  if (!block) throw new ReadmeStepFailed(`README.md has no shell block ${what}`)
  return block
}

/** The README's calls name the default port; a run on another port (PORT) calls that one. */
const onThisPort = (command: string): string => command.replaceAll('localhost:3000', `localhost:${port}`)

function run (command: string, env: NodeJS.ProcessEnv = process.env): Promise<{ code: number | null, stdout: string, stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', command], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', chunk => { stdout += chunk })
    child.stderr.on('data', chunk => { stderr += chunk })
    child.once('error', reject)
    child.once('exit', code => resolve({ code, stdout, stderr }))
  })
}

function startServer (command: string): { child: ChildProcess, output: () => string, exited: Promise<number | null> } {
  // Its own process group: `npm` runs tsx, which runs `keystone start`; stopping takes them all.
  const child = spawn('sh', ['-c', command], { cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const collect = (chunk: Buffer) => {
    output += chunk.toString()
    process.stdout.write(chunk.toString().replace(/^(?=.)/gm, '  | '))
  }
  child.stdout.on('data', collect)
  child.stderr.on('data', collect)
  const exited = new Promise<number | null>(resolve => child.once('exit', code => resolve(code)))
  return { child, output: () => output, exited }
}

async function stopServer (server: ReturnType<typeof startServer>): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return
  process.kill(-server.child.pid!, 'SIGTERM')
  const killed = setTimeout(() => process.kill(-server.child.pid!, 'SIGKILL'), 15_000)
  await server.exited
  clearTimeout(killed)
}

/** Resolves once the manifest answers (401 without a key: the server is up and the namespace mounted). */
async function waitForManifest (server: ReturnType<typeof startServer>): Promise<void> {
  const deadline = Date.now() + startTimeoutMs
  let exitCode: number | null | undefined
  void server.exited.then(code => { exitCode = code })
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new ReadmeStepFailed(`the start command exited with ${exitCode} before serving the manifest`)
    try {
      const res = await fetch(`${site}/api/svc/v1/manage/manifest`)
      if (res.status === 401) return
    } catch {
      // Not listening yet.
    }
    await new Promise(resolve => setTimeout(resolve, 1000))
  }
  throw new ReadmeStepFailed(`the manifest did not answer within ${startTimeoutMs / 60_000} minutes`)
}

function printedAdministrator (output: string): { email: string, password: string } {
  const email = /^\s*e-mail:\s+(\S+)/m.exec(output)?.[1]
  const password = /^\s*password:\s+(\S+)/m.exec(output)?.[1]
  if (!email || !password) throw new ReadmeStepFailed('the start command printed no administrator e-mail and password (is var/ left from an earlier start?)')
  return { email, password }
}

/** Signs in as the Admin UI does, and reads the signed-in account back with the session cookie. */
async function signIn ({ email, password }: { email: string, password: string }): Promise<void> {
  const graphql = async (query: string, variables: object, cookie?: string) => {
    const res = await fetch(`${site}/api/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...cookie ? { Cookie: cookie } : {} },
      body: JSON.stringify({ query, variables }),
    })
    return { body: await res.json() as { data?: Record<string, { item?: { id: string }, email?: string, message?: string } | null> }, cookie: res.headers.getSetCookie().find(c => c.startsWith('keystonejs-session='))?.split(';')[0] }
  }
  const signedIn = await graphql(`mutation ($email: String!, $password: String!) {
    authenticateUserWithPassword(email: $email, password: $password) {
      ... on UserAuthenticationWithPasswordSuccess { item { id } }
      ... on UserAuthenticationWithPasswordFailure { message }
    }
  }`, { email, password })
  const result = signedIn.body.data?.authenticateUserWithPassword
  if (!result?.item?.id || !signedIn.cookie) throw new ReadmeStepFailed(`signing in as ${email} with the printed password failed: ${JSON.stringify(signedIn.body)}`)
  const me = await graphql('{ authenticatedItem { ... on User { email } } }', {}, signedIn.cookie)
  if (me.body.data?.authenticatedItem?.email !== email) throw new ReadmeStepFailed(`the session cookie does not sign in: ${JSON.stringify(me.body)}`)
}

async function mintKey (block: string, email: string): Promise<string> {
  if (!block.includes(`--email ${email}`)) throw new ReadmeStepFailed(`the README mints a key for another e-mail than the administrator npm start printed (${email}):\n${block}`)
  const { code, stdout, stderr } = await run(block)
  const key = stdout.trim().split('\n').at(-1)?.trim() ?? ''
  if (code !== 0 || !/^svc_[A-Za-z0-9]+_[A-Za-z0-9_-]+$/.test(key)) throw new ReadmeStepFailed(`the mint-key line failed (exit ${code}):\n${stdout}\n${stderr}`)
  return key
}

/** Runs a `curl` block with the README's `KEY=svc_...` placeholder set to the minted key; the answer must be `ok`. */
async function call (block: string, key: string): Promise<{ ok: boolean, data: unknown }> {
  const command = onThisPort(block).replace(/^KEY=\S+$/m, '').trim()
  const { code, stdout, stderr } = await run(command, { ...process.env, KEY: key })
  let envelope: { ok?: boolean, data?: unknown } = {}
  try {
    envelope = JSON.parse(stdout) as typeof envelope
  } catch {
    // Reported below with what curl printed.
  }
  if (code !== 0 || envelope.ok !== true) throw new ReadmeStepFailed(`this README call did not answer ok (exit ${code}):\n${command}\n${stdout.slice(0, 2000)}\n${stderr}`)
  return { ok: true, data: envelope.data }
}

async function step<T> (name: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now()
  const result = await work()
  console.log(`[readme] ${name}: ok (${((Date.now() - started) / 1000).toFixed(1)} s)`)
  return result
}

async function main (): Promise<void> {
  const blocks = shellBlocks(readFileSync(path.join(root, 'README.md'), 'utf8'))
  const startBlock = blockWith(blocks, /\bnpm start\b/, 'with `npm start`')
  const mintBlock = blockWith(blocks, /\bmint-key\b/, 'with `mint-key`')
  const calls = blocks.filter(block => /^KEY=/m.test(block) || (/\bcurl\b/.test(block) && /\$KEY\b/.test(block)))
  if (calls.length === 0) throw new ReadmeStepFailed('README.md has no `curl` block using $KEY')
  const startCommand = process.argv.includes('--dev') ? startBlock.replace(/\bnpm start\b/, 'npm run dev') : startBlock

  console.log(`[readme] ${startCommand}`)
  const server = startServer(startCommand)
  try {
    await step('the start command serves the manifest', () => waitForManifest(server))
    const admin = printedAdministrator(server.output())
    await step(`sign-in to the Admin UI's GraphQL as ${admin.email}`, () => signIn(admin))
    const key = await step('the mint-key line', () => mintKey(mintBlock, admin.email))
    for (const block of calls) await step(`the call ${/-d '([^']*)'/.exec(block)?.[1] ?? block.split('\n').at(-1)}`, () => call(block, key))
  } finally {
    await stopServer(server)
  }
}

try {
  await main()
} catch (error) {
  if (!(error instanceof ReadmeStepFailed)) throw error
  console.error(`[readme] FAILED: ${error.message}`)
  process.exit(1)
}
