import type { Db } from '../db/client.ts'
import type { ResolvedOptions } from '../options.ts'
import type { SecretBox } from '../secrets/secret-box.ts'

/** What an outbox handler may use: no caller identity, since delivery happens later. */
export type OutboxDeps = { db: Db, secrets: SecretBox, options: ResolvedOptions }

/** A kind of outbox message and how to deliver it. Resources declare these beside their operations. */
export type OutboxTopic = {
  topic: string
  deliver: (payload: Record<string, unknown>, deps: OutboxDeps) => Promise<void>
}
