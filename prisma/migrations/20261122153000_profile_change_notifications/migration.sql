-- Hand-written. Tells every app process which profiles changed, so the /v2/me cache can drop them:
-- NOTIFY convene_profile_changed with the user id (a change to one user or membership), or an empty
-- payload (a team renamed: any member's profile may show it). Notifications are delivered at commit,
-- so no process can re-read the old state after hearing of the change.
CREATE OR REPLACE FUNCTION convene_notify_profile_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'User' THEN
    PERFORM pg_notify('convene_profile_changed', COALESCE(NEW.id, OLD.id)::text);
  ELSIF TG_TABLE_NAME = 'Membership' THEN
    PERFORM pg_notify('convene_profile_changed', COALESCE(NEW."userId", OLD."userId")::text);
  ELSE
    PERFORM pg_notify('convene_profile_changed', '');
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "User_profile_changed" AFTER UPDATE OR DELETE ON "User"
  FOR EACH ROW EXECUTE FUNCTION convene_notify_profile_changed();
CREATE TRIGGER "Membership_profile_changed" AFTER INSERT OR UPDATE OR DELETE ON "Membership"
  FOR EACH ROW EXECUTE FUNCTION convene_notify_profile_changed();
CREATE TRIGGER "Team_profile_changed" AFTER UPDATE OR DELETE ON "Team"
  FOR EACH ROW EXECUTE FUNCTION convene_notify_profile_changed();
