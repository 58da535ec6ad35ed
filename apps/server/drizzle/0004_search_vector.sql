CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_search_fts_idx";--> statement-breakpoint
DROP INDEX "products_search_head_trgm_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, split_part(search_document, E'\n', 1)), 'A') || setweight(to_tsvector('english'::regconfig, split_part(search_document, E'\n', 2)), 'B') || to_tsvector('english'::regconfig, split_part(search_document, E'\n', 3))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_search_vector_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
-- The words of the existing products' titles, categories, colours and genders (search.ts keeps them from now on).
INSERT INTO "search_words" ("word")
SELECT DISTINCT "w" FROM "products",
  regexp_split_to_table(lower(split_part("search_document", E'\n', 1) || ' ' || split_part("search_document", E'\n', 2)), '[^[:alnum:]]+') AS "w"
WHERE length("w") > 1
ON CONFLICT DO NOTHING;
