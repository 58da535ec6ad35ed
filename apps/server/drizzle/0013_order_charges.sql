ALTER TABLE "orders" ADD COLUMN "subtotal_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_fee_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_fee_waived" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Orders placed before shipping charges: their total was the items alone.
UPDATE "orders" SET "subtotal_paise" = "total_paise";
