-- CreateEnum
CREATE TYPE "OAuthClientRegistration" AS ENUM ('DEVELOPER', 'METADATA_DOCUMENT', 'DYNAMIC');

-- CreateEnum
CREATE TYPE "AgentClientPolicy" AS ENUM ('REVIEW_EACH', 'ALLOWED_DOMAINS', 'USER_SCOPES');

-- AlterTable
ALTER TABLE "OAuthClient" ADD COLUMN     "metadataFetchedAt" TIMESTAMP(3),
ADD COLUMN     "registration" "OAuthClientRegistration" NOT NULL DEFAULT 'DEVELOPER',
ALTER COLUMN "ownerId" DROP NOT NULL;

-- AlterTable
ALTER TABLE "OAuthGrant" ADD COLUMN     "lastUsedAt" TIMESTAMP(3),
ADD COLUMN     "resource" TEXT;

-- CreateTable
CREATE TABLE "InstanceSettings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "agentClientPolicy" "AgentClientPolicy" NOT NULL DEFAULT 'USER_SCOPES',
    "agentClientDomains" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "InstanceSettings_pkey" PRIMARY KEY ("id")
);
