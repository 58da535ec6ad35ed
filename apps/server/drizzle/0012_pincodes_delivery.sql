CREATE TABLE "delivery_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"data" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_settings_single_row" CHECK ("delivery_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "delivery_zones" (
	"pattern" text PRIMARY KEY NOT NULL,
	"zone" text NOT NULL,
	"transit_days" smallint NOT NULL,
	"cod_allowed" boolean NOT NULL,
	"serviceable" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_zones_pattern_format" CHECK ("delivery_zones"."pattern" ~ '^[1-9][0-9]{0,5}$'),
	CONSTRAINT "delivery_zones_zone_length" CHECK (char_length("delivery_zones"."zone") between 1 and 40),
	CONSTRAINT "delivery_zones_transit_range" CHECK ("delivery_zones"."transit_days" between 0 and 30)
);
--> statement-breakpoint
CREATE TABLE "pincode_directory" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"source" text NOT NULL,
	"pins" integer NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pincode_directory_single_row" CHECK ("pincode_directory"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "pincodes" (
	"pin" text PRIMARY KEY NOT NULL,
	"areas" text[] NOT NULL,
	"district" text NOT NULL,
	"state_code" text NOT NULL,
	CONSTRAINT "pincodes_pin_format" CHECK ("pincodes"."pin" ~ '^[1-9][0-9]{5}$'),
	CONSTRAINT "pincodes_state_code_format" CHECK ("pincodes"."state_code" ~ '^[0-9]{2}$')
);
