/**
 * Type-level proof of the configuration and context types (docs/architecture.md, "Types"): one
 * type for what a host writes, and handlers and helpers that
 * declare only the part of the context they use. Never run, only compiled by the typecheck.
 */
import { z } from 'zod'
import {
  defineOperation, type ControlPlaneOptions, type OperationContext, type OutboxTopic,
} from '../../packages/control-plane/src/index.ts'
import { siteNotes } from '../../examples/site-notes/index.ts'

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false
const same = <A, B>(proof: Equal<A, B>) => proof

// What a host writes is one type: the core's groups and the resources in one object.
const written: ControlPlaneOptions = { http: { siteUrl: 'https://www.example.com' }, extensions: [siteNotes], security: { apiKeys: { maxChildren: 3 } } }
// It is what the options' schema takes: defaults make every field optional, and readonly lists are welcome.
const hosts: readonly string[] = ['cms.internal']
same<ControlPlaneOptions['http'], { restRoot?: string, maxBodyBytes?: number, siteUrl?: string, trustProxy?: number | readonly string[], mcpAllowedHosts?: readonly string[] } | undefined>(true)
const readonlyLists: ControlPlaneOptions = { http: { mcpAllowedHosts: hosts, trustProxy: hosts }, security: { outboundAllow: hosts, capabilities: { manage_options: hosts } } }
// @ts-expect-error a group is strict too
const misspelt: ControlPlaneOptions = { http: { siteURL: 'https://www.example.com' } }
void readonlyLists
void misspelt
// @ts-expect-error an unknown option is a compile error, as it is a start error
const unknown: ControlPlaneOptions = { maxCrmSystems: 3 }
void unknown
void written

// The context is one type: a helper declares the part it reads and is called with a handler's whole context.
type Services = Pick<OperationContext, 'db' | 'options' | 'now'>
const stamp = ({ now }: Pick<OperationContext, 'now'>) => now().toISOString()
// @ts-expect-error a helper reads only the part it declares
const caller = (context: Services) => context.identity
void caller

// A handler may declare the narrow part it uses.
const narrowHandler = (_params: object, context: Services) => Promise.resolve({ data: { at: stamp(context) }, changed: false })
export const stamped = defineOperation({
  summary: 'The time, from a handler that declares only the services it uses.',
  readonly: true,
  params: z.object({}),
  returns: z.object({ at: z.string() }),
  handler: narrowHandler,
})

// An outbox delivery gets no caller: delivery happens after the call has returned.
export const topic: OutboxTopic = {
  topic: 'probe.ping',
  async deliver (_payload, deps) {
    // @ts-expect-error an outbox delivery has no identity
    void deps.identity
    await deps.db.svcOutboxMessage.count()
  },
}
