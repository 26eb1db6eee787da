-- CreateTable
CREATE TABLE "Post" (
    "id" SERIAL NOT NULL,
    "title" TEXT NOT NULL DEFAULT '',
    "slug" TEXT NOT NULL DEFAULT '',
    "content" TEXT NOT NULL DEFAULT '',
    "excerpt" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'draft',
    "author" INTEGER,
    "postType" INTEGER,
    "meta" JSONB DEFAULT '{}',
    "source" TEXT,
    "externalId" TEXT,
    "contentHash" TEXT,
    "createdAt" TIMESTAMP(3) DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3),

    CONSTRAINT "Post_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PostType" (
    "id" SERIAL NOT NULL,
    "slug" TEXT NOT NULL DEFAULT '',
    "name" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "PostType_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Tag" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "slug" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "Tag_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Category" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "slug" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "Category_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "svc_content_inbox" (
    "id" SERIAL NOT NULL,
    "sourceId" TEXT NOT NULL DEFAULT '',
    "webhookId" TEXT,
    "body" TEXT NOT NULL DEFAULT '',
    "shapeFingerprint" TEXT,
    "status" TEXT NOT NULL DEFAULT 'received',
    "postId" INTEGER,
    "error" TEXT,
    "receivedAt" TIMESTAMP(3) DEFAULT CURRENT_TIMESTAMP,
    "processedAt" TIMESTAMP(3),

    CONSTRAINT "svc_content_inbox_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "svc_content_sources" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "slug" TEXT NOT NULL DEFAULT '',
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "status" TEXT NOT NULL DEFAULT 'awaiting_sample',
    "authMode" TEXT NOT NULL DEFAULT 'hmac',
    "secretCiphertext" TEXT,
    "secretSource" TEXT NOT NULL DEFAULT 'none',
    "sigHeaderMode" TEXT NOT NULL DEFAULT 'standard',
    "sigHeaderName" TEXT NOT NULL DEFAULT 'X-Svc-Signature',
    "defaultAuthorId" INTEGER,
    "pinAuthor" BOOLEAN NOT NULL DEFAULT false,
    "authorMatchMode" TEXT NOT NULL DEFAULT 'default',
    "defaultReviewers" JSONB DEFAULT '{"user_nums":[]}',
    "defaultCcs" JSONB DEFAULT '{"user_nums":[]}',
    "defaultPostStatus" TEXT NOT NULL DEFAULT 'draft',
    "reingestMode" TEXT NOT NULL DEFAULT 'skip',
    "targetPostType" TEXT NOT NULL DEFAULT 'post',
    "cptPostType" TEXT,
    "metaFields" JSONB DEFAULT '{}',
    "fmVariables" JSONB DEFAULT '{}',
    "targetTagSlug" TEXT,
    "taxonomyApplyMode" TEXT NOT NULL DEFAULT 'append',
    "stripUncategorized" BOOLEAN NOT NULL DEFAULT false,
    "contentCleanup" BOOLEAN NOT NULL DEFAULT false,
    "stripInbodyToc" BOOLEAN NOT NULL DEFAULT false,
    "stripInbodyFaq" BOOLEAN NOT NULL DEFAULT false,
    "addHeadingAnchors" BOOLEAN NOT NULL DEFAULT false,
    "imageModify" JSONB,
    "forwardEnabled" BOOLEAN NOT NULL DEFAULT false,
    "forwardUrl" TEXT,
    "forwardAuthMode" TEXT NOT NULL DEFAULT 'none',
    "forwardSecretCiphertext" TEXT,
    "mapping" JSONB,
    "mappingStatus" TEXT NOT NULL DEFAULT 'none',
    "shapeFingerprint" TEXT,
    "sample" JSONB,
    "createdAt" TIMESTAMP(3) DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3),

    CONSTRAINT "svc_content_sources_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "_Post_tags" (
    "A" INTEGER NOT NULL,
    "B" INTEGER NOT NULL,

    CONSTRAINT "_Post_tags_AB_pkey" PRIMARY KEY ("A","B")
);

-- CreateTable
CREATE TABLE "_Post_categories" (
    "A" INTEGER NOT NULL,
    "B" INTEGER NOT NULL,

    CONSTRAINT "_Post_categories_AB_pkey" PRIMARY KEY ("A","B")
);

-- CreateIndex
CREATE INDEX "Post_postType_idx" ON "Post"("postType");

-- CreateIndex
CREATE UNIQUE INDEX "Post_postType_slug_key" ON "Post"("postType", "slug");

-- CreateIndex
CREATE UNIQUE INDEX "Post_source_externalId_key" ON "Post"("source", "externalId");

-- CreateIndex
CREATE UNIQUE INDEX "PostType_slug_key" ON "PostType"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "Tag_slug_key" ON "Tag"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "Category_slug_key" ON "Category"("slug");

-- CreateIndex
CREATE INDEX "svc_content_inbox_sourceId_idx" ON "svc_content_inbox"("sourceId");

-- CreateIndex
CREATE INDEX "svc_content_inbox_status_idx" ON "svc_content_inbox"("status");

-- CreateIndex
CREATE UNIQUE INDEX "svc_content_inbox_sourceId_webhookId_key" ON "svc_content_inbox"("sourceId", "webhookId");

-- CreateIndex
CREATE UNIQUE INDEX "svc_content_sources_slug_key" ON "svc_content_sources"("slug");

-- CreateIndex
CREATE INDEX "_Post_tags_B_index" ON "_Post_tags"("B");

-- CreateIndex
CREATE INDEX "_Post_categories_B_index" ON "_Post_categories"("B");

-- AddForeignKey
ALTER TABLE "Post" ADD CONSTRAINT "Post_postType_fkey" FOREIGN KEY ("postType") REFERENCES "PostType"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "_Post_tags" ADD CONSTRAINT "_Post_tags_A_fkey" FOREIGN KEY ("A") REFERENCES "Post"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "_Post_tags" ADD CONSTRAINT "_Post_tags_B_fkey" FOREIGN KEY ("B") REFERENCES "Tag"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "_Post_categories" ADD CONSTRAINT "_Post_categories_A_fkey" FOREIGN KEY ("A") REFERENCES "Category"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "_Post_categories" ADD CONSTRAINT "_Post_categories_B_fkey" FOREIGN KEY ("B") REFERENCES "Post"("id") ON DELETE CASCADE ON UPDATE CASCADE;
