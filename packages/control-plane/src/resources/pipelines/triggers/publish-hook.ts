import type { ListConfig } from '@keystone-6/core/types'
import type { Db } from '../../../db/client.ts'
import type { ResolvedOptions } from '../../../options.ts'
import { runTriggeredPipelinesAfterWrite } from './run-triggered.ts'

type AfterOperationArgs = {
  operation: 'create' | 'update' | 'delete'
  item?: { id: number | string, status?: string } | undefined
  originalItem?: { status?: string } | undefined
  context: { prisma: unknown }
}

type HostHook = ((args: AfterOperationArgs) => unknown) | Partial<Record<AfterOperationArgs['operation'], (args: AfterOperationArgs) => unknown>>

async function runHostHook (hook: HostHook | undefined, args: AfterOperationArgs): Promise<void> {
  if (typeof hook === 'function') await hook(args)
  else await hook?.[args.operation]?.(args)
}

const becamePublished = ({ operation, item, originalItem }: AfterOperationArgs) =>
  operation !== 'delete' && item?.status === 'publish' && originalItem?.status !== 'publish'

/**
 * The host's `Post` list with the `publish` trigger: when a post is created published or its
 * status becomes `publish` through Keystone (Admin UI, GraphQL, a sudo context), the recipe the
 * trigger selects runs, after the host's own hook and after the write. Posts the control plane
 * writes itself (ingest, pipeline runs) use Prisma directly and trigger from their own code.
 */
export function withPublishTrigger (lists: Record<string, ListConfig<any>>, options: ResolvedOptions): Record<string, ListConfig<any>> {
  const post = lists.Post
  if (!post) return lists
  const hostHook = post.hooks?.afterOperation as HostHook | undefined
  const afterOperation = async (args: AfterOperationArgs) => {
    await runHostHook(hostHook, args)
    if (!becamePublished(args)) return
    await runTriggeredPipelinesAfterWrite({ db: args.context.prisma as Db, options }, Number(args.item!.id), ['publish'])
  }
  return { ...lists, Post: { ...post, hooks: { ...post.hooks, afterOperation: afterOperation as never } } }
}
