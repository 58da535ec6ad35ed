-- Who changed what and when (issue #15, record 0050): one row per changed field, written by
-- statement-level triggers with transition tables, so every writer is covered (admin forms, orders,
-- cancels, sweeps, later the CSV import, returns and coupons) without each one remembering to log.
-- Who and why come from transaction-local settings that withActivityContext sets
-- (services/activity/context.ts): set_config('vastra.actor', <user id>, true) and
-- set_config('vastra.reason', 'order' | 'cancel' | 'admin edit' | 'import' | 'return', true).
-- Unset (a seed, a sweep without context, psql): actor and reason are null (the system).
CREATE TABLE "activity_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"reason" text,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"field" text NOT NULL,
	"size" text,
	"old_value" jsonb,
	"new_value" jsonb,
	"delta" integer,
	CONSTRAINT "activity_log_reason_known" CHECK ("reason" IS NULL OR "reason" IN ('order', 'cancel', 'admin edit', 'import', 'return'))
);
--> statement-breakpoint
-- Newest first is id order (a sequence): the Activity view pages by id; an entity's history and
-- an actor's changes likewise; the date range and the retention sweep read "at".
CREATE INDEX "activity_log_entity_idx" ON "activity_log" USING btree ("entity_type", "entity_id", "id");--> statement-breakpoint
CREATE INDEX "activity_log_actor_idx" ON "activity_log" USING btree ("actor_id", "id") WHERE "actor_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "activity_log_at_idx" ON "activity_log" USING btree ("at");--> statement-breakpoint
-- The transaction's actor and reason ('' once a transaction that set them has ended: null).
CREATE FUNCTION activity_actor() RETURNS uuid
LANGUAGE sql STABLE AS $$ SELECT nullif(current_setting('vastra.actor', true), '')::uuid $$;
--> statement-breakpoint
CREATE FUNCTION activity_reason() RETURNS text
LANGUAGE sql STABLE AS $$ SELECT nullif(current_setting('vastra.reason', true), '') $$;
--> statement-breakpoint
-- Any table's rows, field by field (to_jsonb of the row): TG_ARGV[0] the entity type, [1] the key
-- column, [2] 'only' (log just the columns listed after it) or 'except' (every column but those;
-- created_at and updated_at never). An update logs each changed field old → new; an insert one
-- 'created' row, a delete one 'deleted' row carrying the title, code or name it had.
CREATE FUNCTION activity_rows_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
	cols text[] := coalesce(TG_ARGV[3:TG_NARGS - 1], '{}');
	only_listed boolean := TG_ARGV[2] = 'only';
BEGIN
	IF TG_OP = 'UPDATE' THEN
		INSERT INTO activity_log ("actor_id", "reason", "entity_type", "entity_id", "field", "old_value", "new_value")
		SELECT activity_actor(), activity_reason(), TG_ARGV[0], n.k, f.key, o.doc -> f.key, f.value
		FROM (SELECT d.doc, d.doc ->> TG_ARGV[1] AS k FROM (SELECT to_jsonb(c) AS doc FROM changed c) d) n
		JOIN (SELECT d.doc, d.doc ->> TG_ARGV[1] AS k FROM (SELECT to_jsonb(p) AS doc FROM previous p) d) o ON o.k = n.k
		CROSS JOIN LATERAL jsonb_each(n.doc) f
		WHERE f.key NOT IN ('created_at', 'updated_at')
			AND (f.key = ANY (cols)) = only_listed
			AND f.value IS DISTINCT FROM o.doc -> f.key
		ORDER BY n.k, f.key;
	ELSIF TG_OP = 'INSERT' THEN
		INSERT INTO activity_log ("actor_id", "reason", "entity_type", "entity_id", "field", "new_value")
		SELECT activity_actor(), activity_reason(), TG_ARGV[0], d.doc ->> TG_ARGV[1], 'created',
			coalesce(d.doc -> 'title', d.doc -> 'code', d.doc -> 'name', d.doc -> 'order_number')
		FROM (SELECT to_jsonb(c) AS doc FROM changed c) d;
	ELSE
		INSERT INTO activity_log ("actor_id", "reason", "entity_type", "entity_id", "field", "old_value")
		SELECT activity_actor(), activity_reason(), TG_ARGV[0], d.doc ->> TG_ARGV[1], 'deleted',
			coalesce(d.doc -> 'title', d.doc -> 'code', d.doc -> 'name', d.doc -> 'order_number')
		FROM (SELECT to_jsonb(c) AS doc FROM changed c) d;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- A size's stock, logged on its product: old, new and the difference, one row per size whose
-- stock moved (an order of 5 sizes: 5 rows from its statements). A size added logs its first
-- stock; a size removed its last (not when the whole product is deleted: that is one 'deleted' row).
CREATE FUNCTION activity_stock_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' THEN
		INSERT INTO activity_log ("actor_id", "reason", "entity_type", "entity_id", "field", "size", "old_value", "new_value", "delta")
		SELECT activity_actor(), activity_reason(), 'product', n.product_id::text, 'stock', n.size,
			to_jsonb(o.stock), to_jsonb(n.stock), n.stock - o.stock
		FROM changed n JOIN previous o ON o.product_id = n.product_id AND o.size = n.size
		WHERE o.stock <> n.stock
		ORDER BY n.product_id, n.size;
	ELSIF TG_OP = 'INSERT' THEN
		INSERT INTO activity_log ("actor_id", "reason", "entity_type", "entity_id", "field", "size", "new_value", "delta")
		SELECT activity_actor(), activity_reason(), 'product', n.product_id::text, 'stock', n.size,
			to_jsonb(n.stock), n.stock
		FROM changed n
		ORDER BY n.product_id, n.position;
	ELSE
		INSERT INTO activity_log ("actor_id", "reason", "entity_type", "entity_id", "field", "size", "old_value", "delta")
		SELECT activity_actor(), activity_reason(), 'product', o.product_id::text, 'stock', o.size,
			to_jsonb(o.stock), -o.stock
		FROM changed o
		WHERE EXISTS (SELECT 1 FROM products p WHERE p.id = o.product_id)
		ORDER BY o.product_id, o.position;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- A one-row settings document (data jsonb), key by key: TG_ARGV[0] names it ('store', ...).
CREATE FUNCTION activity_settings_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' THEN
		INSERT INTO activity_log ("actor_id", "reason", "entity_type", "entity_id", "field", "old_value", "new_value")
		SELECT activity_actor(), activity_reason(), 'settings', TG_ARGV[0], k.key, o.data -> k.key, n.data -> k.key
		FROM changed n JOIN previous o ON o.id = n.id
		CROSS JOIN LATERAL (SELECT jsonb_object_keys(n.data) AS key
			UNION SELECT jsonb_object_keys(o.data)) k
		WHERE (n.data -> k.key) IS DISTINCT FROM (o.data -> k.key)
		ORDER BY k.key;
	ELSE
		INSERT INTO activity_log ("actor_id", "reason", "entity_type", "entity_id", "field", "new_value")
		SELECT activity_actor(), activity_reason(), 'settings', TG_ARGV[0], k.key, k.value
		FROM changed n CROSS JOIN LATERAL jsonb_each(n.data) k
		ORDER BY k.key;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER activity_products_ins AFTER INSERT ON products REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION activity_rows_changed('product', 'id', 'except');
--> statement-breakpoint
CREATE TRIGGER activity_products_upd AFTER UPDATE ON products REFERENCING OLD TABLE AS previous NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION activity_rows_changed('product', 'id', 'except', 'search_document', 'search_vector', 'admin_search');
--> statement-breakpoint
CREATE TRIGGER activity_products_del AFTER DELETE ON products REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION activity_rows_changed('product', 'id', 'except');
--> statement-breakpoint
CREATE TRIGGER activity_sizes_ins AFTER INSERT ON product_sizes REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION activity_stock_changed();
--> statement-breakpoint
CREATE TRIGGER activity_sizes_upd AFTER UPDATE ON product_sizes REFERENCING OLD TABLE AS previous NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION activity_stock_changed();
--> statement-breakpoint
CREATE TRIGGER activity_sizes_del AFTER DELETE ON product_sizes REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION activity_stock_changed();
--> statement-breakpoint
CREATE TRIGGER activity_orders_ins AFTER INSERT ON orders REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION activity_rows_changed('order', 'id', 'only');
--> statement-breakpoint
CREATE TRIGGER activity_orders_upd AFTER UPDATE ON orders REFERENCING OLD TABLE AS previous NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION activity_rows_changed('order', 'id', 'only', 'status', 'payment_status', 'payment_method', 'notes');
--> statement-breakpoint
CREATE TRIGGER activity_store_settings_ins AFTER INSERT ON store_settings REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION activity_settings_changed('store');
--> statement-breakpoint
CREATE TRIGGER activity_store_settings_upd AFTER UPDATE ON store_settings REFERENCING OLD TABLE AS previous NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION activity_settings_changed('store');
--> statement-breakpoint
CREATE TRIGGER activity_delivery_settings_ins AFTER INSERT ON delivery_settings REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION activity_settings_changed('delivery');
--> statement-breakpoint
CREATE TRIGGER activity_delivery_settings_upd AFTER UPDATE ON delivery_settings REFERENCING OLD TABLE AS previous NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION activity_settings_changed('delivery');
--> statement-breakpoint
CREATE TRIGGER activity_newsletter_settings_ins AFTER INSERT ON newsletter_settings REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION activity_settings_changed('newsletter');
--> statement-breakpoint
CREATE TRIGGER activity_newsletter_settings_upd AFTER UPDATE ON newsletter_settings REFERENCING OLD TABLE AS previous NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION activity_settings_changed('newsletter');--> statement-breakpoint
-- Coupons (migration 0025): made, edited (every field but the count of uses, which each order
-- moves and the order's own rows already tell) and deleted.
CREATE TRIGGER activity_coupons_ins AFTER INSERT ON coupons REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION activity_rows_changed('coupon', 'id', 'except');
--> statement-breakpoint
CREATE TRIGGER activity_coupons_upd AFTER UPDATE ON coupons REFERENCING OLD TABLE AS previous NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION activity_rows_changed('coupon', 'id', 'except', 'uses');
--> statement-breakpoint
CREATE TRIGGER activity_coupons_del AFTER DELETE ON coupons REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION activity_rows_changed('coupon', 'id', 'except');
