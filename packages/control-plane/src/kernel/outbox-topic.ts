import type { ControlPlaneRuntime } from './runtime.ts'
import type { BackoffOptions } from '../platform/outbox/backoff.ts'

/** What an outbox handler may use of the runtime: no caller identity, since delivery happens later. */
export type OutboxDeps = Pick<ControlPlaneRuntime, 'db' | 'secrets' | 'options' | 'hooks'>

/** What a topic's delivery gets: the deps, and the reach of a webhook subscription's credential, checked again at each delivery. */
export type DeliveryDeps = OutboxDeps & Pick<ControlPlaneRuntime, 'eventReach'>

/** A kind of outbox message and how to deliver it. Resources declare these beside their operations. */
export type OutboxTopic = {
  topic: string
  /** Throw to have it retried; throw `OutboxGiveUp` to stop retrying it. `message.attempts` counts the failures so far. */
  deliver: (payload: Record<string, unknown>, deps: DeliveryDeps, message?: { id: number, attempts: number }) => Promise<void>
  /** Its own retry schedule, over the worker's. @default the worker's (`outbox` option) */
  retry?: BackoffOptions
}
