-- CreateTable
CREATE TABLE "svc_roles" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "slug" TEXT NOT NULL DEFAULT '',
    "name" TEXT NOT NULL DEFAULT '',
    "description" TEXT NOT NULL DEFAULT '',
    "icon" TEXT NOT NULL DEFAULT '',
    "color" TEXT NOT NULL DEFAULT '',
    "constraintType" TEXT NOT NULL DEFAULT 'none',
    "maxCount" INTEGER,
    "system" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME
);

-- CreateTable
CREATE TABLE "svc_team_members" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "slot" INTEGER NOT NULL,
    "firstName" TEXT NOT NULL DEFAULT '',
    "lastName" TEXT NOT NULL DEFAULT '',
    "fullName" TEXT NOT NULL DEFAULT '',
    "nickname" TEXT NOT NULL DEFAULT '',
    "companyName" TEXT NOT NULL DEFAULT '',
    "phoneNumber" TEXT NOT NULL DEFAULT '',
    "phoneMapPref" TEXT NOT NULL DEFAULT '',
    "email" TEXT NOT NULL DEFAULT '',
    "emailAlternate" TEXT NOT NULL DEFAULT '',
    "emailPersonal" TEXT NOT NULL DEFAULT '',
    "linkProfilePic" TEXT NOT NULL DEFAULT '',
    "linkProfilePicAttachmentId" INTEGER,
    "modelPhotoIds" JSONB,
    "modelPhotoExcludeProfile" TEXT NOT NULL DEFAULT '',
    "modelConsentGranted" TEXT NOT NULL DEFAULT '',
    "notifyReminders" TEXT NOT NULL DEFAULT '1',
    "notifyReplies" TEXT NOT NULL DEFAULT '1',
    "account" TEXT,
    "createdAt" DATETIME DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME,
    CONSTRAINT "svc_team_members_account_fkey" FOREIGN KEY ("account") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "svc_welcome_email_windows" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "address" TEXT NOT NULL DEFAULT '',
    "lastSentAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "_SvcRole_members" (
    "A" TEXT NOT NULL,
    "B" TEXT NOT NULL,
    CONSTRAINT "_SvcRole_members_A_fkey" FOREIGN KEY ("A") REFERENCES "svc_roles" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "_SvcRole_members_B_fkey" FOREIGN KEY ("B") REFERENCES "svc_team_members" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "svc_roles_slug_key" ON "svc_roles"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "svc_team_members_slot_key" ON "svc_team_members"("slot");

-- CreateIndex
CREATE INDEX "svc_team_members_account_idx" ON "svc_team_members"("account");

-- CreateIndex
CREATE UNIQUE INDEX "svc_welcome_email_windows_address_key" ON "svc_welcome_email_windows"("address");

-- CreateIndex
CREATE UNIQUE INDEX "_SvcRole_members_AB_unique" ON "_SvcRole_members"("A", "B");

-- CreateIndex
CREATE INDEX "_SvcRole_members_B_index" ON "_SvcRole_members"("B");
