-- The bulk catalogue import (issue #15, record 0049) inserts thousands of products in one statement.
-- Every product's zero popularity row (migration 0008) was made by a FOR EACH ROW trigger: one
-- INSERT into product_popularity per product, each firing that table's statement-level version
-- trigger (migration 0011), so 10,000 new products meant 10,000 'popularity' version bumps and
-- NOTIFYs. The rows are now made by one statement-level trigger over the inserted products: one
-- INSERT, one bump, whatever the row count (a single product: as before).
DROP TRIGGER "products_popularity_row" ON "products";--> statement-breakpoint
DROP FUNCTION "product_popularity_row"();--> statement-breakpoint
CREATE FUNCTION "product_popularity_rows"() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO product_popularity (product_id, created_at)
  SELECT n.id, n.created_at FROM changed n
  ON CONFLICT (product_id) DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_popularity_rows" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION product_popularity_rows();
