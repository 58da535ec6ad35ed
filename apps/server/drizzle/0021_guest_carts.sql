-- Guest carts (issue #15, record 0044): a guest's cart is a row keyed by the random id in the
-- signed guest-cart cookie; its lines live in cart_lines beside the shoppers' lines, so the same
-- rules apply. A line belongs to exactly one of a user or a guest cart. Idle guest carts are swept.
CREATE TABLE "guest_carts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_active_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "guest_carts_last_active_at_index" ON "guest_carts" USING btree ("last_active_at");
--> statement-breakpoint
ALTER TABLE "cart_lines" ALTER COLUMN "user_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "cart_lines" ADD COLUMN "guest_cart_id" uuid;
--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_guest_cart_id_guest_carts_id_fk" FOREIGN KEY ("guest_cart_id") REFERENCES "public"."guest_carts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "cart_lines_guest_key" ON "cart_lines" USING btree ("guest_cart_id","product_id","size","color");
--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_one_owner" CHECK (num_nonnulls("cart_lines"."user_id", "cart_lines"."guest_cart_id") = 1);
