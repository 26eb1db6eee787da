import { bookkeepingModel } from '../../platform/db/bookkeeping-model.ts'

/**
 * An inbound content source: how deliveries to `POST {base}/ingest/{slug}` are authenticated,
 * mapped to posts, cleaned and forwarded. Secrets are sealed.
 */
export const contentSourceModel = bookkeepingModel('SvcContentSource', ({ hostId, json }) => `
  id                      ${hostId}
  name                    String    @default("")
  slug                    String    @unique @default("")
  enabled                 Boolean   @default(true)
  status                  String    @default("awaiting_sample")
  authMode                String    @default("hmac")
  secretCiphertext        String?
  secretSource            String    @default("none")
  sigHeaderMode           String    @default("standard")
  sigHeaderName           String    @default("X-Svc-Signature")
  defaultAuthorId         Int?
  pinAuthor               Boolean   @default(false)
  authorMatchMode         String    @default("default")
  defaultReviewers        Json?${json('{"user_nums":[]}')}
  defaultCcs              Json?${json('{"user_nums":[]}')}
  defaultPostStatus       String    @default("draft")
  reingestMode            String    @default("skip")
  targetPostType          String    @default("post")
  cptPostType             String?
  metaFields              Json?${json('{}')}
  fmVariables             Json?${json('{}')}
  targetTagSlug           String?
  taxonomyApplyMode       String    @default("append")
  stripUncategorized      Boolean   @default(false)
  contentCleanup          Boolean   @default(false)
  stripInbodyToc          Boolean   @default(false)
  stripInbodyFaq          Boolean   @default(false)
  addHeadingAnchors       Boolean   @default(false)
  imageModify             Json?
  forwardEnabled          Boolean   @default(false)
  forwardUrl              String?
  forwardAuthMode         String    @default("none")
  forwardSecretCiphertext String?
  mapping                 Json?
  mappingStatus           String    @default("none")
  shapeFingerprint        String?
  sample                  Json?
  createdAt               DateTime? @default(now())
  updatedAt               DateTime? @updatedAt

  @@map("svc_content_sources")
`)
