-- Issue #16 (record 0039): what an order shipped with, and the store's couriers.
ALTER TABLE "orders" ADD COLUMN "courier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_url" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "couriers" (
	"name" text PRIMARY KEY NOT NULL,
	"tracking_url" text DEFAULT '' NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "couriers_name_length" CHECK (char_length("couriers"."name") between 1 and 60)
);
--> statement-breakpoint
-- India's common couriers and their public tracking pages ({awb}: the tracking number); India
-- Post's tracking page takes no number in its address, so it has none. The admin edits the list.
INSERT INTO "couriers" ("name", "tracking_url", "position") VALUES
	('Delhivery', 'https://www.delhivery.com/track/package/{awb}', 1),
	('Blue Dart', 'https://www.bluedart.com/web/guest/trackdartresultthirdparty?trackFor=0&trackNo={awb}', 2),
	('DTDC', 'https://www.dtdc.in/tracking/tracking_results.asp?Ttype=awb_no&strCnno={awb}', 3),
	('India Post', '', 4),
	('Ekart', 'https://ekartlogistics.com/shipmenttrack/{awb}', 5),
	('Xpressbees', 'https://www.xpressbees.com/shipment/tracking?awbNo={awb}', 6)
ON CONFLICT DO NOTHING;
