import type { OperationContext } from '../../registry/operation-context.ts'
import { readMigrations } from '../../db/migrations.ts'
import type { DatabaseProvider } from '../../db/database-url.ts'

export type HealthCheck = { name: string, ok: boolean, message: string }

export async function probeDatabase (db: OperationContext['db']): Promise<{ ok: boolean, latency_ms: number }> {
  const started = performance.now()
  try {
    await db.$queryRawUnsafe('SELECT 1')
    return { ok: true, latency_ms: Math.round((performance.now() - started) * 100) / 100 }
  } catch {
    return { ok: false, latency_ms: Math.round(performance.now() - started) }
  }
}

export async function migrationsCheck (db: OperationContext['db'], provider: DatabaseProvider): Promise<HealthCheck> {
  const available = (await readMigrations(provider)).map(migration => migration.name)
  const applied = new Set((await db.$queryRawUnsafe<Array<{ name: string }>>('SELECT name FROM "_svc_migrations"')).map(row => row.name))
  const pending = available.filter(name => !applied.has(name))
  return pending.length === 0
    ? { name: 'migrations', ok: true, message: `all ${available.length} migrations applied` }
    : { name: 'migrations', ok: false, message: `${pending.length} migrations not applied: ${pending.join(', ')}` }
}

export function encryptionKeyCheck (configured: boolean): HealthCheck {
  return configured
    ? { name: 'encryption_key', ok: true, message: 'SVC_ENCRYPTION_KEY is configured' }
    : { name: 'encryption_key', ok: false, message: 'SVC_ENCRYPTION_KEY is not set: secrets are sealed with a development key kept under var/' }
}

export function outboxCheck (failed: number): HealthCheck {
  return failed === 0
    ? { name: 'outbox', ok: true, message: 'no failed deliveries' }
    : { name: 'outbox', ok: false, message: `${failed} deliveries failed after their last retry` }
}
