-- Search: pg_trgm for typo-tolerant matching, full text for stems; both over products.search_document
-- (title; category names, colours and gender; description — one per line), kept by the catalogue
-- service's refreshSearchDocument. pg_trgm is a trusted extension: the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_document" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "products" AS p SET "search_document" =
  regexp_replace(p."title", '\s+', ' ', 'g') || E'\n' ||
  concat_ws(' ',
    (SELECT string_agg(c."name", ' ' ORDER BY pc."position", c."name")
       FROM "product_categories" pc JOIN "categories" c ON c."id" = pc."category_id"
      WHERE pc."product_id" = p."id"),
    array_to_string(p."colors", ' '),
    p."gender"::text) || E'\n' ||
  regexp_replace(p."description", '\s+', ' ', 'g');--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("price_paise");--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ("search_document" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_search_fts_idx" ON "products" USING gin (to_tsvector('english'::regconfig, "search_document"));
