-- The catalogue read model's invalidation (record 0028): every write that changes what a shopper
-- sees bumps a version per kind in the writing transaction and notifies 'vastra_catalogue' with
-- 'kind:version:what:id' (id '*' when a statement touched more than 100 products: drop them all).
-- Statement-level triggers with transition tables: one bump per statement, whatever the row count.
--   catalogue: products, their images, sizes (added, removed, renamed, moved), category links; categories
--   live: stock of a size ('stock', or 'instock' when a size crossed zero), reviews ('review')
--   ads, popularity (the sort=popular figures), store (the store's settings)
CREATE TABLE "catalogue_version" (
	"kind" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "catalogue_version" ("kind") VALUES ('catalogue'), ('live'), ('ads'), ('popularity'), ('store');
--> statement-breakpoint
CREATE FUNCTION catalogue_bump(p_kind text, p_what text, p_ids text[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
	v bigint;
	i text;
BEGIN
	IF p_ids IS NOT NULL AND cardinality(p_ids) = 0 THEN
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
CREATE FUNCTION catalogue_products_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	PERFORM catalogue_bump('catalogue', 'product', array(SELECT DISTINCT id::text FROM changed));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION catalogue_product_parts_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	PERFORM catalogue_bump('catalogue', 'product', array(SELECT DISTINCT product_id::text FROM changed));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION catalogue_categories_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	PERFORM catalogue_bump('catalogue', 'category', array(SELECT DISTINCT id::text FROM changed));
	RETURN NULL;
END $$;
--> statement-breakpoint
-- A size's stock alone changing is 'live' (an order, a cancel, a restock): only that product's
-- stock entry is dropped. A size crossing zero may move the product in or out of in-stock lists.
CREATE FUNCTION catalogue_sizes_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	PERFORM catalogue_bump('catalogue', 'product', array(
		SELECT DISTINCT n.product_id::text FROM changed n
		WHERE NOT EXISTS (SELECT 1 FROM previous o
			WHERE o.product_id = n.product_id AND o.size = n.size AND o.position = n.position)));
	PERFORM catalogue_bump('live', 'instock', array(
		SELECT DISTINCT n.product_id::text FROM changed n
		JOIN previous o ON o.product_id = n.product_id AND o.size = n.size
		WHERE (o.stock > 0) <> (n.stock > 0)));
	PERFORM catalogue_bump('live', 'stock', array(
		SELECT DISTINCT n.product_id::text FROM changed n
		JOIN previous o ON o.product_id = n.product_id AND o.size = n.size
		WHERE o.stock <> n.stock AND (o.stock > 0) = (n.stock > 0)));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION catalogue_reviews_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	PERFORM catalogue_bump('live', 'review', array(SELECT DISTINCT product_id::text FROM changed));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION catalogue_whole_kind_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF EXISTS (SELECT 1 FROM changed) THEN
		PERFORM catalogue_bump(TG_ARGV[0], TG_ARGV[0], NULL);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER catalogue_products_ins AFTER INSERT ON products REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION catalogue_products_changed();
--> statement-breakpoint
CREATE TRIGGER catalogue_products_upd AFTER UPDATE ON products REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION catalogue_products_changed();
--> statement-breakpoint
CREATE TRIGGER catalogue_products_del AFTER DELETE ON products REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION catalogue_products_changed();
--> statement-breakpoint
CREATE TRIGGER catalogue_images_ins AFTER INSERT ON product_images REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION catalogue_product_parts_changed();
--> statement-breakpoint
CREATE TRIGGER catalogue_images_upd AFTER UPDATE ON product_images REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION catalogue_product_parts_changed();
--> statement-breakpoint
CREATE TRIGGER catalogue_images_del AFTER DELETE ON product_images REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION catalogue_product_parts_changed();
--> statement-breakpoint
CREATE TRIGGER catalogue_links_ins AFTER INSERT ON product_categories REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION catalogue_product_parts_changed();
--> statement-breakpoint
CREATE TRIGGER catalogue_links_upd AFTER UPDATE ON product_categories REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION catalogue_product_parts_changed();
--> statement-breakpoint
CREATE TRIGGER catalogue_links_del AFTER DELETE ON product_categories REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION catalogue_product_parts_changed();
--> statement-breakpoint
CREATE TRIGGER catalogue_sizes_ins AFTER INSERT ON product_sizes REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION catalogue_product_parts_changed();
--> statement-breakpoint
CREATE TRIGGER catalogue_sizes_upd AFTER UPDATE ON product_sizes REFERENCING OLD TABLE AS previous NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION catalogue_sizes_updated();
--> statement-breakpoint
CREATE TRIGGER catalogue_sizes_del AFTER DELETE ON product_sizes REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION catalogue_product_parts_changed();
--> statement-breakpoint
CREATE TRIGGER catalogue_categories_ins AFTER INSERT ON categories REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION catalogue_categories_changed();
--> statement-breakpoint
CREATE TRIGGER catalogue_categories_upd AFTER UPDATE ON categories REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION catalogue_categories_changed();
--> statement-breakpoint
CREATE TRIGGER catalogue_categories_del AFTER DELETE ON categories REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION catalogue_categories_changed();
--> statement-breakpoint
CREATE TRIGGER catalogue_reviews_ins AFTER INSERT ON reviews REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION catalogue_reviews_changed();
--> statement-breakpoint
CREATE TRIGGER catalogue_reviews_upd AFTER UPDATE ON reviews REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION catalogue_reviews_changed();
--> statement-breakpoint
CREATE TRIGGER catalogue_reviews_del AFTER DELETE ON reviews REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION catalogue_reviews_changed();
--> statement-breakpoint
CREATE TRIGGER catalogue_ads_ins AFTER INSERT ON advertisements REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION catalogue_whole_kind_changed('ads');
--> statement-breakpoint
CREATE TRIGGER catalogue_ads_upd AFTER UPDATE ON advertisements REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION catalogue_whole_kind_changed('ads');
--> statement-breakpoint
CREATE TRIGGER catalogue_ads_del AFTER DELETE ON advertisements REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION catalogue_whole_kind_changed('ads');
--> statement-breakpoint
CREATE TRIGGER catalogue_popularity_ins AFTER INSERT ON product_popularity REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION catalogue_whole_kind_changed('popularity');
--> statement-breakpoint
CREATE TRIGGER catalogue_popularity_upd AFTER UPDATE ON product_popularity REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION catalogue_whole_kind_changed('popularity');
--> statement-breakpoint
CREATE TRIGGER catalogue_popularity_del AFTER DELETE ON product_popularity REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION catalogue_whole_kind_changed('popularity');
--> statement-breakpoint
CREATE TRIGGER catalogue_store_ins AFTER INSERT ON store_settings REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION catalogue_whole_kind_changed('store');
--> statement-breakpoint
CREATE TRIGGER catalogue_store_upd AFTER UPDATE ON store_settings REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION catalogue_whole_kind_changed('store');
--> statement-breakpoint
CREATE TRIGGER catalogue_store_del AFTER DELETE ON store_settings REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION catalogue_whole_kind_changed('store');
