-- Returns and exchanges (issue #15, record 0048): a shopper asks to return (refund) or exchange
-- (another size of the same product) some of a delivered order's lines within the store's return
-- window. A request moves requested → approved → received → refunded (return) or reshipped
-- (exchange), or requested → rejected (with the reason the shopper is shown). Each line names the
-- order line and how many pieces; the service keeps the pieces of all requests not rejected within
-- what was bought. Stock moves through product_sizes, whose triggers bump the catalogue version.
CREATE TABLE "return_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid,
	"kind" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"reason" text NOT NULL,
	"reason_text" text DEFAULT '' NOT NULL,
	"rejection_reason" text DEFAULT '' NOT NULL,
	"refund_method" text,
	"refund_reference" text,
	"courier" text,
	"tracking_number" text,
	"tracking_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_requests_kind" CHECK ("return_requests"."kind" in ('return', 'exchange')),
	CONSTRAINT "return_requests_status" CHECK ("return_requests"."status" in ('requested', 'approved', 'received', 'refunded', 'reshipped', 'rejected')),
	CONSTRAINT "return_requests_reason" CHECK ("return_requests"."reason" in ('too_small', 'too_large', 'damaged', 'not_as_pictured', 'changed_mind', 'other'))
);
--> statement-breakpoint
CREATE TABLE "return_request_lines" (
	"request_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"exchange_size" text,
	CONSTRAINT "return_request_lines_request_id_order_item_id_pk" PRIMARY KEY("request_id","order_item_id"),
	CONSTRAINT "return_request_lines_quantity_positive" CHECK ("return_request_lines"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "return_request_lines" ADD CONSTRAINT "return_request_lines_request_id_return_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."return_requests"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "return_request_lines" ADD CONSTRAINT "return_request_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "return_requests_order_id_index" ON "return_requests" USING btree ("order_id");
--> statement-breakpoint
CREATE INDEX "return_requests_status_created_at_index" ON "return_requests" USING btree ("status","created_at");
--> statement-breakpoint
CREATE INDEX "return_request_lines_order_item_id_index" ON "return_request_lines" USING btree ("order_item_id");
