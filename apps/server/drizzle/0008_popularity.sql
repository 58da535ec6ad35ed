CREATE TABLE "product_popularity" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"units_sold" integer DEFAULT 0 NOT NULL,
	"rating" double precision DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_popularity" ADD CONSTRAINT "product_popularity_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_popularity_order_idx" ON "product_popularity" USING btree ("units_sold" DESC NULLS LAST,"rating" DESC NULLS LAST,"created_at" DESC NULLS LAST,"product_id");--> statement-breakpoint
-- Every product has its row from the start (zero sales, no rating), so the popular order can be
-- read off one index; the background refresh (catalogue/popularity.ts) fills in the figures.
CREATE FUNCTION "product_popularity_row"() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO product_popularity (product_id, created_at) VALUES (NEW.id, NEW.created_at)
  ON CONFLICT (product_id) DO NOTHING;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_popularity_row" AFTER INSERT ON "products"
  FOR EACH ROW EXECUTE FUNCTION product_popularity_row();--> statement-breakpoint
-- The figures of the products already there.
INSERT INTO "product_popularity" (product_id, units_sold, rating, created_at)
SELECT p.id,
       coalesce((SELECT sum(oi.quantity) FROM order_items oi JOIN orders o ON o.id = oi.order_id
                  WHERE oi.product_id = p.id AND o.status <> 'cancelled'), 0),
       coalesce((SELECT avg(r.rating) FROM reviews r WHERE r.product_id = p.id), 0),
       p.created_at
FROM products p;
