ALTER TABLE "products" ADD COLUMN "hsn_code" text DEFAULT '6211' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tax_class" text DEFAULT 'apparel' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_hsn_code_format" CHECK ("products"."hsn_code" ~ '^([0-9]{4}|[0-9]{6}|[0-9]{8})$');--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_gstin" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_invoice_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "credit_note_number" text;--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tax_class" text NOT NULL,
	"effective_from" date NOT NULL,
	"max_unit_taxable_paise" bigint,
	"rate_bp" integer NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	CONSTRAINT "tax_rates_rate_range" CHECK ("tax_rates"."rate_bp" between 0 and 10000)
);
--> statement-breakpoint
CREATE INDEX "tax_rates_class_idx" ON "tax_rates" USING btree ("tax_class","effective_from");--> statement-breakpoint
CREATE TABLE "tax_document_counters" (
	"series" text NOT NULL,
	"fy" text NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "tax_document_counters_series_fy_pk" PRIMARY KEY("series","fy")
);
--> statement-breakpoint
CREATE TABLE "tax_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"fy" text NOT NULL,
	"seq" integer NOT NULL,
	"order_id" uuid NOT NULL,
	"invoice_id" uuid,
	"issued_at" timestamp with time zone NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"place_of_supply" text NOT NULL,
	"intra_state" boolean NOT NULL,
	"taxable_paise" bigint NOT NULL,
	"cgst_paise" bigint NOT NULL,
	"sgst_paise" bigint NOT NULL,
	"igst_paise" bigint NOT NULL,
	"total_paise" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_documents_kind" CHECK ("tax_documents"."kind" in ('invoice', 'credit_note')),
	CONSTRAINT "tax_documents_number_length" CHECK (char_length("tax_documents"."number") <= 16)
);
--> statement-breakpoint
CREATE TABLE "tax_document_lines" (
	"document_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"hsn" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_paise" bigint NOT NULL,
	"rate_bp" integer NOT NULL,
	"taxable_paise" bigint NOT NULL,
	"cgst_paise" bigint NOT NULL,
	"sgst_paise" bigint NOT NULL,
	"igst_paise" bigint NOT NULL,
	"total_paise" bigint NOT NULL,
	CONSTRAINT "tax_document_lines_document_id_position_pk" PRIMARY KEY("document_id","position")
);
--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_invoice_id_tax_documents_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."tax_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_document_lines" ADD CONSTRAINT "tax_document_lines_document_id_tax_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."tax_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_number_key" ON "tax_documents" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_series_seq_key" ON "tax_documents" USING btree ("kind","fy","seq");--> statement-breakpoint
CREATE INDEX "tax_documents_order_idx" ON "tax_documents" USING btree ("order_id","issued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_one_credit_note_key" ON "tax_documents" USING btree ("invoice_id") WHERE "tax_documents"."kind" = 'credit_note';--> statement-breakpoint
-- The rates (record 0037). Apparel: 5 % up to ₹1,000 a piece, 12 % above, from 1 July 2017
-- (notification 1/2017-Central Tax (Rate)); 5 % up to ₹2,500, 18 % above, from 22 September 2025
-- (GST Council's 56th meeting; notification 9/2025-Central Tax (Rate)). Fabric and sarees: 5 %.
INSERT INTO "tax_rates" ("tax_class", "effective_from", "max_unit_taxable_paise", "rate_bp", "source") VALUES
	('apparel', '2017-07-01', 100000, 500, 'Notification 1/2017-Central Tax (Rate)'),
	('apparel', '2017-07-01', NULL, 1200, 'Notification 1/2017-Central Tax (Rate)'),
	('apparel', '2025-09-22', 250000, 500, 'Notification 9/2025-Central Tax (Rate)'),
	('apparel', '2025-09-22', NULL, 1800, 'Notification 9/2025-Central Tax (Rate)'),
	('fabric', '2017-07-01', NULL, 500, 'Notification 1/2017-Central Tax (Rate)');
