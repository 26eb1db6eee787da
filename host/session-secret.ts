import { readOrCreateDevSecret } from 'keystone-svc-control-plane'

/** `SESSION_SECRET` (32+ characters), or a development secret generated once under `var/`. */
export function sessionSecret (env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.SESSION_SECRET?.trim()
  if (configured) {
    if (configured.length < 32) throw new Error('SESSION_SECRET must be at least 32 characters')
    return configured
  }
  return readOrCreateDevSecret('session.secret', 'SESSION_SECRET')
}
