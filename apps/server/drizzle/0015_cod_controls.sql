ALTER TYPE "public"."order_status" ADD VALUE IF NOT EXISTS 'returned';--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shopper_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "confirm_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_first_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_pin" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Orders from before: the PIN of their structured address, else the last 6-digit group of the address text.
UPDATE "orders" SET "delivery_pin" = coalesce(
  nullif("shipping_address"->>'pincode', ''),
  (regexp_match("address", '.*(?<![0-9])([0-9]{6})(?![0-9])'))[1],
  ''
);--> statement-breakpoint
CREATE INDEX "orders_customer_phone_index" ON "orders" USING btree ("customer_phone");--> statement-breakpoint
CREATE INDEX "orders_delivery_pin_status_index" ON "orders" USING btree ("delivery_pin","status");--> statement-breakpoint
CREATE INDEX "orders_awaiting_shopper_idx" ON "orders" USING btree ("confirm_by") WHERE "shopper_confirmed_at" IS NULL AND "status" = 'pending';
