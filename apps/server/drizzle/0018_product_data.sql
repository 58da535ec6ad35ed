-- Product data a clothing shop needs (record 0041): the MRP (compare-at price, above the price),
-- a SKU per product and per size (unique, case-insensitive; a default made from the product's id
-- when none is given), fabric and care text, and the admin's product search text.
ALTER TABLE "products" ADD COLUMN "mrp_paise" integer;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_mrp_above_price" CHECK ("mrp_paise" IS NULL OR "mrp_paise" > "price_paise");--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sku" text DEFAULT '';--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "fabric" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "care" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- What the admin's product search matches (search.ts keeps it): the title, categories, colours,
-- gender, fabric and SKUs, lower-cased without accents (fold_text), trigram-indexed.
ALTER TABLE "products" ADD COLUMN "admin_search" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_sizes" ADD COLUMN "sku" text DEFAULT '';--> statement-breakpoint
-- Lower case without diacritics ('Ḍhākāī' → 'dhakai'): the admin search's text and words.
CREATE FUNCTION "fold_text"(text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT regexp_replace(normalize(lower($1), NFD), '[\u0300-\u036f]', '', 'g') $$;--> statement-breakpoint
-- The default SKUs: 'VS-' and the first 10 hex digits of the product's id; a size's is the
-- product's and the size's letters and digits ('VS-1A2B3C4D5E-XL').
CREATE FUNCTION "default_product_sku"(uuid) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT 'VS-' || upper(substr(replace($1::text, '-', ''), 1, 10)) $$;--> statement-breakpoint
CREATE FUNCTION "default_size_sku"(text, text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT $1 || '-' || upper(regexp_replace($2, '[^[:alnum:]]+', '', 'g')) $$;--> statement-breakpoint
UPDATE "products" SET "sku" = default_product_sku("id");--> statement-breakpoint
UPDATE "product_sizes" ps SET "sku" = default_size_sku(p."sku", ps."size") FROM "products" p WHERE p."id" = ps."product_id";--> statement-breakpoint
-- A row written without a SKU (or with '') gets the default.
CREATE FUNCTION "products_default_sku"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.sku IS NULL OR NEW.sku = '' THEN NEW.sku := default_product_sku(NEW.id); END IF;
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE FUNCTION "product_sizes_default_sku"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.sku IS NULL OR NEW.sku = '' THEN
		NEW.sku := default_size_sku(coalesce((SELECT p.sku FROM products p WHERE p.id = NEW.product_id), default_product_sku(NEW.product_id)), NEW.size);
	END IF;
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_default_sku" BEFORE INSERT OR UPDATE OF "sku" ON "products" FOR EACH ROW EXECUTE FUNCTION products_default_sku();--> statement-breakpoint
CREATE TRIGGER "product_sizes_default_sku" BEFORE INSERT OR UPDATE OF "sku" ON "product_sizes" FOR EACH ROW EXECUTE FUNCTION product_sizes_default_sku();--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "sku" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "product_sizes" ALTER COLUMN "sku" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "products_sku_lower_key" ON "products" USING btree (lower("sku"));--> statement-breakpoint
CREATE UNIQUE INDEX "product_sizes_sku_lower_key" ON "product_sizes" USING btree (lower("sku"));--> statement-breakpoint
UPDATE "products" p SET "admin_search" = fold_text(concat_ws(' ',
	regexp_replace(split_part(p."search_document", E'\n', 1), '\s+', ' ', 'g'),
	split_part(p."search_document", E'\n', 2), p."fabric", p."sku",
	(SELECT string_agg(ps."sku", ' ' ORDER BY ps."position") FROM "product_sizes" ps WHERE ps."product_id" = p."id")));--> statement-breakpoint
CREATE INDEX "products_admin_search_trgm_idx" ON "products" USING gin ("admin_search" gin_trgm_ops);--> statement-breakpoint
-- A size's SKU changing (an admin edit) changes the product's data, as its name or place does.
CREATE OR REPLACE FUNCTION catalogue_sizes_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	PERFORM catalogue_bump('catalogue', 'product', array(
		SELECT DISTINCT n.product_id::text FROM changed n
		WHERE NOT EXISTS (SELECT 1 FROM previous o
			WHERE o.product_id = n.product_id AND o.size = n.size AND o.position = n.position
				AND o.sku IS NOT DISTINCT FROM n.sku)));
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
