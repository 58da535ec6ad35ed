-- The shipping charges are shown on guest pages (product page, /shipping, /terms) and in
-- GET /api/store, which the read model and the page cache keep per 'store' version: a change of
-- the delivery settings bumps that kind in the same transaction, like store_settings does.
CREATE TRIGGER catalogue_delivery_settings_ins AFTER INSERT ON delivery_settings REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION catalogue_whole_kind_changed('store');
--> statement-breakpoint
CREATE TRIGGER catalogue_delivery_settings_upd AFTER UPDATE ON delivery_settings REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION catalogue_whole_kind_changed('store');
--> statement-breakpoint
CREATE TRIGGER catalogue_delivery_settings_del AFTER DELETE ON delivery_settings REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION catalogue_whole_kind_changed('store');
