-- The colours of a product, lower-cased, for the list's case-insensitive colour filter (an index
-- expression may only call immutable functions; lower() of each element is).
CREATE FUNCTION "lower_text_array"(text[]) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT coalesce(array_agg(lower(v)), '{}') FROM unnest($1) AS v $$;--> statement-breakpoint
CREATE INDEX "products_colors_lower_idx" ON "products" USING gin (lower_text_array("colors"));
