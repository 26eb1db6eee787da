import type { Db } from '../../platform/db/client.ts'
import { defineHook } from './define-hook.ts'

/** One content source's forwards still owed to its receiver, and those given up after their last retry. */
export type ForwardBacklog = { source: string, name: string, pending: number, failed: number }

/** Provided by content sources: every source's backlog, for `status.get`'s `forwarding`. */
export const forwardingBacklog = defineHook<(db: Db) => Promise<ForwardBacklog[]>>('forwarding_backlog')
