import type { OperationContext } from '../../kernel/registry/operation-context.ts'

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

/** The migrations recorded as applied in `_svc_migrations`, or null when the host keeps no such record (it manages the schema itself). */
async function appliedMigrations (db: OperationContext['db']): Promise<number | null> {
  try {
    const rows = await db.$queryRawUnsafe<Array<{ count: number | bigint }>>('SELECT COUNT(*) AS count FROM "_svc_migrations"')
    return Number(rows[0]?.count ?? 0)
  } catch {
    return null
  }
}

/**
 * Whether the control plane's tables answer, as the status counters read them; reads nothing
 * from the working directory, so it means the same on any host. Named `migrations`: a table that
 * does not answer is most often a migration not applied.
 */
export async function tablesCheck (db: OperationContext['db'], failedCounters: readonly string[]): Promise<HealthCheck> {
  const applied = await appliedMigrations(db)
  const record = applied === null ? 'the host manages the schema' : `${applied} migrations recorded`
  return failedCounters.length === 0
    ? { name: 'migrations', ok: true, message: `the control plane's tables answer (${record})` }
    : { name: 'migrations', ok: false, message: `tables of ${failedCounters.join(', ')} do not answer: are the control plane's migrations applied? (${record})` }
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
