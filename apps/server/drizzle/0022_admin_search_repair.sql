-- The admin search text written by the application (not by 0018) had every 's' of the title
-- turned into a space (a '\s' that lost its backslash): rebuilt for every product from the
-- search document, as 0018 first filled it.
UPDATE "products" p SET "admin_search" = fold_text(concat_ws(' ',
	regexp_replace(split_part(p."search_document", E'\n', 1), '\s+', ' ', 'g'),
	split_part(p."search_document", E'\n', 2), p."fabric", p."sku",
	(SELECT string_agg(ps."sku", ' ' ORDER BY ps."position") FROM "product_sizes" ps WHERE ps."product_id" = p."id")));
