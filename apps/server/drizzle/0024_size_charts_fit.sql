-- Size charts and fit (issue #15, record 0046).
-- size_charts: one chart per category or per product (exactly one owner), as jsonb
-- {columns: [name…], rows: [{size, values: [cm…]}]} validated by the contract (size-charts.ts).
-- A product's own chart wins over its categories'. The chart is catalogue data: its writes bump
-- the 'catalogue' version (product:<id> for a product's chart, category:<id> for a category's,
-- which drops every product's data) so the read model's kept answers stay exact (record 0028).
-- reviews.fit / size_bought: a verified buyer's "How did it fit?" and "Size bought"; the counts
-- per product are part of the 'live' figures (the reviews' triggers already bump them).
CREATE TABLE "size_charts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category_id" uuid,
	"product_id" uuid,
	"chart" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "size_charts_one_owner" CHECK (("size_charts"."category_id" is null) <> ("size_charts"."product_id" is null))
);
--> statement-breakpoint
ALTER TABLE "size_charts" ADD CONSTRAINT "size_charts_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "size_charts" ADD CONSTRAINT "size_charts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "size_charts_category_key" ON "size_charts" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "size_charts_product_key" ON "size_charts" USING btree ("product_id");--> statement-breakpoint
CREATE FUNCTION catalogue_size_charts_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	PERFORM catalogue_bump('catalogue', 'product', array(
		SELECT DISTINCT product_id::text FROM changed WHERE product_id IS NOT NULL));
	PERFORM catalogue_bump('catalogue', 'category', array(
		SELECT DISTINCT category_id::text FROM changed WHERE category_id IS NOT NULL));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER catalogue_size_charts_ins AFTER INSERT ON size_charts REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION catalogue_size_charts_changed();
--> statement-breakpoint
CREATE TRIGGER catalogue_size_charts_upd AFTER UPDATE ON size_charts REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION catalogue_size_charts_changed();
--> statement-breakpoint
CREATE TRIGGER catalogue_size_charts_del AFTER DELETE ON size_charts REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION catalogue_size_charts_changed();
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "fit" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "size_bought" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_fit_answer" CHECK ("reviews"."fit" is null or "reviews"."fit" in ('runs_small', 'true_to_size', 'runs_large'));--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_size_bought_length" CHECK ("reviews"."size_bought" is null or char_length("reviews"."size_bought") between 1 and 20);
