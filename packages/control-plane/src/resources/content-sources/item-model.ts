import { bookkeepingModel } from '../../platform/db/bookkeeping-model.ts'

/**
 * Where a post came from: the content source that delivered it, the sender's external id and
 * the hash of the body as last written by the control plane. Kept beside the host's posts list,
 * so no host needs fields of its own for it; `externalId` is unique per source.
 */
export const contentItemModel = bookkeepingModel('SvcContentItem', () => `
  id          Int       @id @default(autoincrement())
  source      String    @default("")
  externalId  String?
  postId      String    @unique @default("")
  contentHash String?
  updatedAt   DateTime? @updatedAt

  @@unique([source, externalId])
  @@index([source])
  @@map("svc_content_items")
`)
