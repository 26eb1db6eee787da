import { bookkeepingModel } from '../db/bookkeeping-model.ts'

/**
 * Long work over many items (a recipe over a month of posts), on the database every instance
 * shares: one row per job, its progress and the cursor it resumes from, and the lease of the
 * instance working on it. `activeKey` (kind and target) is set while the job is queued or
 * running and cleared when it ends, so its unique index allows one such job per target and kind.
 */
export const jobModel = bookkeepingModel('SvcJob', ({ json }) => `
  id              Int       @id @default(autoincrement())
  kind            String    @default("")
  target          String    @default("")
  activeKey       String?   @unique
  status          String    @default("queued")
  params          Json?${json('{}')}
  cursor          String?
  // The W3C 'traceparent' of the call that started it: each batch's span links to it.
  traceparent     String?
  done            Int       @default(0)
  total           Int       @default(0)
  tally           Json?${json('{}')}
  error           String?
  cancelRequested Boolean   @default(false)
  holder          String?
  heldUntil       DateTime?
  actorId         String?
  actorEmail      String?
  actorMode       String?
  keyId           String?
  channel         String    @default("")
  createdAt       DateTime  @default(now())
  startedAt       DateTime?
  finishedAt      DateTime?

  @@index([heldUntil])
  @@index([status, id])
  @@index([kind, id])
  @@map("svc_jobs")
`)
