-- The shopper's address book (issue #16, record 0040): up to 10 addresses per shopper (the service
-- counts under the shopper's row lock), at most one default (the partial unique index).
CREATE TABLE "user_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"address_type" text DEFAULT 'home' NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"street_address" text NOT NULL,
	"apartment" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"pincode" text NOT NULL,
	"country" text DEFAULT 'India' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_addresses_type_known" CHECK ("user_addresses"."address_type" in ('home', 'office', 'other'))
);
--> statement-breakpoint
ALTER TABLE "user_addresses" ADD CONSTRAINT "user_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "user_addresses_user_id_created_at_index" ON "user_addresses" USING btree ("user_id","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "user_addresses_one_default" ON "user_addresses" USING btree ("user_id") WHERE "user_addresses"."is_default";
--> statement-breakpoint
-- When the book was first opened (or first written): an existing shopper's last order address
-- seeds it once, never again after they delete it.
ALTER TABLE "users" ADD COLUMN "address_book_started_at" timestamp with time zone;
