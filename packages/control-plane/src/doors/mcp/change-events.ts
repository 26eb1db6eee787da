import type { ServerEvent, ServerEventBus } from '@modelcontextprotocol/server'
import type { ChangeFeed } from '../../platform/change-feed/change-feed.ts'
import { MANIFEST_URI } from './manifest-resource.ts'

/**
 * What a client hears when what callers may run changed: its tools, the prompts that name them,
 * and the manifest (which says which modules are on) may all read differently now. Every open
 * stream hears it, whichever key holds it: it says only "read your lists again", and each client
 * reads them under its own key.
 */
const CHANGE_EVENTS: readonly ServerEvent[] = [
  { kind: 'tools_list_changed' },
  { kind: 'prompts_list_changed' },
  { kind: 'resource_updated', uri: MANIFEST_URI },
]

/**
 * The runtime's change feed as the SDK's event bus for `subscriptions/listen` streams. Publishing
 * through the bus (the SDK's `notify`) announces a change to every instance, like an operation does.
 */
export function changeEventBus (feed: ChangeFeed): ServerEventBus {
  return {
    publish: () => { feed.announce() },
    subscribe: listener => feed.subscribe(() => { for (const event of CHANGE_EVENTS) listener(event) }),
  }
}
