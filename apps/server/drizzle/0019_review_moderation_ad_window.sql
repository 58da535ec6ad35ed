-- Reviews: an admin may hide a review (hidden_at set: gone from the product page, its rating and
-- count, the popular order) and reply to it once (the reply is edited or removed in place).
-- Advertisements: an optional window (starts_at inclusive, ends_at exclusive; the admin picks
-- dates in India time) and `in_window`, whether the window held at the last sweep: the sweep's
-- update of that column is what bumps the 'ads' version when an ad starts or ends (record 0042).
ALTER TABLE "reviews" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "reply" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_reply_length" CHECK ("reviews"."reply" is null or char_length("reviews"."reply") between 1 and 2000);--> statement-breakpoint
ALTER TABLE "advertisements" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "advertisements" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "advertisements" ADD COLUMN "in_window" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "advertisements" ADD CONSTRAINT "advertisements_window_order" CHECK ("advertisements"."starts_at" is null or "advertisements"."ends_at" is null or "advertisements"."ends_at" > "advertisements"."starts_at");
