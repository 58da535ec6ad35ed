-- Orders for different products committed one after another (issue #11, record 0060): each
-- order's stock change bumped catalogue_version 'live' inside its UPDATE, and that row's lock was
-- held from there to the end of the commit, across the client's COMMIT round trip, so every other
-- stock change (other orders, cancels, reviews) queued behind it.
-- A 'live' change (a size's stock, a review) is now queued in a transaction-local setting and the
-- version bumped once per transaction, at its commit, by a deferred constraint trigger: the lock is
-- held by the server's commit alone. Its notices carry that one version ('live:v:stock|instock|
-- review:id', '*' past 100 entries, as before). A change undone by a rolled-back savepoint leaves
-- no entry (the setting is restored with it). The other kinds are bumped in their statement as
-- before (admin writes, not contended).
CREATE OR REPLACE FUNCTION catalogue_bump(p_kind text, p_what text, p_ids text[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
	v bigint;
	i text;
BEGIN
	IF p_ids IS NOT NULL AND cardinality(p_ids) = 0 THEN
		RETURN;
	END IF;
	IF p_kind = 'live' THEN
		PERFORM set_config('vastra.live_pending', concat_ws(',',
			nullif(current_setting('vastra.live_pending', true), ''),
			CASE WHEN p_ids IS NULL OR cardinality(p_ids) > 100 THEN p_what || ':*'
				ELSE array_to_string(array(SELECT p_what || ':' || x FROM unnest(p_ids) x), ',') END), true);
		RETURN;
	END IF;
	UPDATE catalogue_version SET version = version + 1 WHERE kind = p_kind RETURNING version INTO v;
	IF p_ids IS NULL OR cardinality(p_ids) > 100 THEN
		PERFORM pg_notify('vastra_catalogue', p_kind || ':' || v || ':' || p_what || ':*');
	ELSE
		FOREACH i IN ARRAY p_ids LOOP
			PERFORM pg_notify('vastra_catalogue', p_kind || ':' || v || ':' || p_what || ':' || i);
		END LOOP;
	END IF;
END $$;
--> statement-breakpoint
-- At commit: the queued 'live' entries, one bump, their notices. Fired once per changed row (a
-- constraint trigger is row-level); the first firing takes the queue, the rest find it empty.
CREATE FUNCTION catalogue_live_at_commit() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
	pending text[] := array(SELECT DISTINCT e FROM unnest(string_to_array(
		nullif(current_setting('vastra.live_pending', true), ''), ',')) e);
	v bigint;
	e text;
BEGIN
	IF cardinality(pending) = 0 THEN
		RETURN NULL;
	END IF;
	PERFORM set_config('vastra.live_pending', '', true);
	UPDATE catalogue_version SET version = version + 1 WHERE kind = 'live' RETURNING version INTO v;
	IF cardinality(pending) > 100 OR EXISTS (SELECT 1 FROM unnest(pending) p WHERE p LIKE '%:*') THEN
		PERFORM pg_notify('vastra_catalogue', 'live:' || v || ':stock:*');
	ELSE
		FOREACH e IN ARRAY pending LOOP
			PERFORM pg_notify('vastra_catalogue', 'live:' || v || ':' || e);
		END LOOP;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER catalogue_live_sizes AFTER UPDATE ON product_sizes DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalogue_live_at_commit();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER catalogue_live_reviews AFTER INSERT OR UPDATE OR DELETE ON reviews DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalogue_live_at_commit();
