-- Money sums in bigint paise: an order's total passes 2^31 paise (₹2.15 crore) long before any
-- unit price does, so only totals widen; unit prices stay integer like products.price_paise.
ALTER TABLE "orders" ALTER COLUMN "total_paise" SET DATA TYPE bigint;--> statement-breakpoint
-- The pending-order sweep and the per-shopper caps read a shopper's orders by status.
CREATE INDEX "orders_status_created_at_index" ON "orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "orders_user_id_status_index" ON "orders" USING btree ("user_id","status");--> statement-breakpoint
-- When the address was last sent the welcome e-mail: at most one a day, however often it re-subscribes.
ALTER TABLE "newsletter_subscribers" ADD COLUMN "welcomed_at" timestamp with time zone;
--> statement-breakpoint
-- Subscribers so far were welcomed when they subscribed.
UPDATE "newsletter_subscribers" SET "welcomed_at" = "subscribed_at" WHERE "status" = 'subscribed';
