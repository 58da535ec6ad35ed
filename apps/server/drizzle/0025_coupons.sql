-- Coupons (issue #15, record 0047): codes the admin creates, stored upper-case (the shopper's code
-- is matched ignoring case). A percentage (1-90 %, an optional cap in paise) or a fixed amount; a
-- minimum cart value (of the eligible lines when the coupon is limited to categories); a validity
-- window; total and per-shopper use limits. `uses` counts the redemptions: the placement's
-- conditional update of it (and the row lock it takes) is what keeps concurrent orders within the
-- limits. A coupon with redemptions is never deleted (the redemptions' foreign key restricts it).
CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"percent" integer,
	"max_discount_paise" bigint,
	"amount_paise" bigint,
	"min_cart_paise" bigint DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"total_limit" integer,
	"per_shopper_limit" integer,
	"category_ids" uuid[] DEFAULT '{}' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_code_format" CHECK ("coupons"."code" ~ '^[A-Z0-9-]{3,32}$'),
	CONSTRAINT "coupons_kind" CHECK (("coupons"."kind" = 'percent' and "coupons"."percent" between 1 and 90 and "coupons"."amount_paise" is null) or ("coupons"."kind" = 'fixed' and "coupons"."amount_paise" > 0 and "coupons"."percent" is null and "coupons"."max_discount_paise" is null)),
	CONSTRAINT "coupons_window_order" CHECK ("coupons"."starts_at" is null or "coupons"."ends_at" is null or "coupons"."ends_at" > "coupons"."starts_at"),
	CONSTRAINT "coupons_uses_within_limit" CHECK ("coupons"."uses" >= 0 and ("coupons"."total_limit" is null or "coupons"."uses" <= "coupons"."total_limit"))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_key" ON "coupons" USING btree ("code");
--> statement-breakpoint
CREATE TABLE "coupon_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coupon_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid,
	"amount_paise" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_redemptions_order_key" ON "coupon_redemptions" USING btree ("order_id");
--> statement-breakpoint
CREATE INDEX "coupon_redemptions_coupon_id_user_id_index" ON "coupon_redemptions" USING btree ("coupon_id","user_id");
--> statement-breakpoint
-- The order's discount: the code as applied and the paise taken off the items (total = items -
-- discount + shipping + COD fee); each item's share of it (largest remainder) for the GST invoice.
ALTER TABLE "orders" ADD COLUMN "coupon_code" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_paise" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "discount_paise" integer DEFAULT 0 NOT NULL;
