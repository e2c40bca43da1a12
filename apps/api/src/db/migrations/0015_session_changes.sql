-- Each instance answers recently used sessions from memory (sessions.service.ts). Any change that
-- could end a session or alter what it answers (a session deleted, its user updated or deleted)
-- tells every instance, on commit, to drop that user's sessions; a new session needs no word.
CREATE FUNCTION "session_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_changes', to_jsonb(OLD) ->> TG_ARGV[0]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_changed" AFTER DELETE OR UPDATE OF "user_id", "token_hash", "csrf_token", "expires_at"
  ON "sessions" FOR EACH ROW EXECUTE FUNCTION "session_changed"('user_id');
--> statement-breakpoint
CREATE TRIGGER "users_changed" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "session_changed"('id');
