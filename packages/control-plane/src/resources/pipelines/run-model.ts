import { bookkeepingModel } from '../../platform/db/bookkeeping-model.ts'

/**
 * One pipeline run over one post, written in the transaction that wrote the post (when it did).
 * `postId` is a plain column (the host's post id as text), not a relation, so the history outlives a deleted post.
 */
export const pipelineRunModel = bookkeepingModel('SvcPipelineRun', ({ json }) => `
  id          Int      @id @default(autoincrement())
  source      String?
  postId      String   @default("")
  recipeId    String   @default("")
  status      String   @default("")
  triggerKind String   @default("")
  isDryRun    Boolean  @default(false)
  changed     Boolean  @default(false)
  durationMs  Int      @default(0)
  contentHash String   @default("")
  message     String?
  stages      Json?${json('[]')}
  // The 'pipelines.run_batch' job that made the run; null for a run of its own.
  jobId       Int?
  createdAt   DateTime @default(now())

  @@unique([jobId, postId])
  @@index([createdAt])
  @@index([postId, id])
  @@index([recipeId, id])
  @@index([status, id])
  @@map("svc_pipeline_runs")
`)
