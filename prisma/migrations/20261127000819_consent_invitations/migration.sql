-- Membership is consent (issue 19): an owner's "add member" is an invitation naming the user by id, until the
-- user accepts. Such an invitation's id is shown as the membership's id and kept by the membership the
-- acceptance creates, so invitations take their ids from the Membership sequence from now on.

-- AlterTable
ALTER TABLE "TeamInvitation" ADD COLUMN     "declinedAt" TIMESTAMP(3),
ADD COLUMN     "userId" INTEGER,
ALTER COLUMN "email" DROP NOT NULL;

-- Hand-written: one sequence for memberships and invitations, started past both tables' ids so no id repeats.
ALTER TABLE "TeamInvitation" ALTER COLUMN "id" SET DEFAULT nextval('"Membership_id_seq"'::regclass);
DROP SEQUENCE IF EXISTS "TeamInvitation_id_seq";
SELECT setval('"Membership_id_seq"', GREATEST(
  (SELECT COALESCE(MAX(id), 0) FROM "Membership"),
  (SELECT COALESCE(MAX(id), 0) FROM "TeamInvitation"),
  1
));

-- CreateIndex
CREATE INDEX "TeamInvitation_userId_idx" ON "TeamInvitation"("userId");

-- Hand-written: an invitation names an address or a user id, never both or neither.
ALTER TABLE "TeamInvitation" ADD CONSTRAINT "TeamInvitation_email_or_user" CHECK (("email" IS NULL) <> ("userId" IS NULL));

-- Hand-written: at most one open (not accepted) invitation per team and user id, as per team and address.
CREATE UNIQUE INDEX "TeamInvitation_one_pending_user" ON "TeamInvitation"("teamId", "userId") WHERE "acceptedAt" IS NULL AND "userId" IS NOT NULL;
