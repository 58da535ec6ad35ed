-- Record 0068: sessions are kept in each server process's memory. Every change to a user or a
-- session (a sign-out, a password change or reset, an account deleted, a role or verification
-- change, the hourly sliding expiry), by this app or anyone with SQL, tells every process which
-- user's sessions to drop ('*': all of them), delivered at commit.
CREATE FUNCTION session_notice() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF TG_LEVEL = 'STATEMENT' THEN
		PERFORM pg_notify('vastra_sessions', '*');
	ELSE
		PERFORM pg_notify('vastra_sessions', to_jsonb(OLD) ->> TG_ARGV[0]);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_session_notice AFTER UPDATE OR DELETE ON users
	FOR EACH ROW EXECUTE FUNCTION session_notice('id');
--> statement-breakpoint
CREATE TRIGGER user_sessions_session_notice AFTER UPDATE OR DELETE ON user_sessions
	FOR EACH ROW EXECUTE FUNCTION session_notice('user_id');
--> statement-breakpoint
CREATE TRIGGER users_session_notice_truncate AFTER TRUNCATE ON users
	FOR EACH STATEMENT EXECUTE FUNCTION session_notice();
--> statement-breakpoint
CREATE TRIGGER user_sessions_session_notice_truncate AFTER TRUNCATE ON user_sessions
	FOR EACH STATEMENT EXECUTE FUNCTION session_notice();
