import type { ResolvedOptions } from '../../../platform/settings/resolved-options.ts'
import type { Lists } from '../../../kernel/define-resource.ts'
import type { LiveRuntime } from '../../../kernel/live-runtime.ts'
import type { ResolvedStatus } from '../../../platform/host-contract/content.ts'
import { runTriggeredPipelinesAfterWrite } from './run-triggered.ts'

type Item = { id: number | string } & Record<string, unknown>

type AfterOperationArgs = {
  operation: 'create' | 'update' | 'delete'
  item?: Item | undefined
  originalItem?: Record<string, unknown> | undefined
}

type HostHook = ((args: AfterOperationArgs) => unknown) | Partial<Record<AfterOperationArgs['operation'], (args: AfterOperationArgs) => unknown>>

async function runHostHook (hook: HostHook | undefined, args: AfterOperationArgs): Promise<void> {
  if (typeof hook === 'function') await hook(args)
  else await hook?.[args.operation]?.(args)
}

/** The post's status became the host's published value (`host.content.fields.status.published`). */
const becamePublished = (status: ResolvedStatus, { operation, item, originalItem }: AfterOperationArgs) =>
  operation !== 'delete' && item?.[status.field] === status.values.publish && originalItem?.[status.field] !== status.values.publish

/**
 * The host's posts list with the `publish` trigger: when a post is created published or its
 * status becomes the published value through Keystone (Admin UI, GraphQL, a sudo context), the
 * recipe the trigger selects runs, after the host's own hook and after the write. Posts the
 * control plane writes itself (ingest, pipeline runs) use Prisma directly and trigger from their
 * own code. A host whose posts have no status field has no publish trigger. The recipe runs on
 * the mounted runtime; a script writing through the Keystone context alone, with no server, has
 * none, and publishes without running one.
 */
export function withPublishTrigger (lists: Lists, options: ResolvedOptions, live: LiveRuntime): Lists {
  const content = options.host.content
  const status = content ? content.fields.status : null
  const post = content ? lists[content.list] : undefined
  if (!content || !status || !post) return lists
  const hostHook = post.hooks?.afterOperation as HostHook | undefined
  const afterOperation = async (args: AfterOperationArgs) => {
    await runHostHook(hostHook, args)
    const runtime = live.current
    if (!runtime || !becamePublished(status, args)) return
    await runTriggeredPipelinesAfterWrite(runtime, args.item!.id, ['publish'])
  }
  return { ...lists, [content.list]: { ...post, hooks: { ...post.hooks, afterOperation: afterOperation as never } } }
}
