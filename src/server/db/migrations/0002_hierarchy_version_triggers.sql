-- Any change to the hierarchy tables bumps hierarchy_version, so cached hierarchies in every API process go stale at once.
INSERT INTO "hierarchy_version" ("id", "version") VALUES (1, 1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
ALTER TABLE "hierarchy_version" ADD CONSTRAINT "hierarchy_version_single_row" CHECK ("id" = 1);
--> statement-breakpoint
CREATE FUNCTION "bump_hierarchy_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "hierarchy_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "clients_bump_hierarchy" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "clients" FOR EACH STATEMENT EXECUTE FUNCTION "bump_hierarchy_version"();
--> statement-breakpoint
CREATE TRIGGER "regions_bump_hierarchy" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "regions" FOR EACH STATEMENT EXECUTE FUNCTION "bump_hierarchy_version"();
--> statement-breakpoint
CREATE TRIGGER "client_regions_bump_hierarchy" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "client_regions" FOR EACH STATEMENT EXECUTE FUNCTION "bump_hierarchy_version"();
--> statement-breakpoint
CREATE TRIGGER "brands_bump_hierarchy" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "brands" FOR EACH STATEMENT EXECUTE FUNCTION "bump_hierarchy_version"();
--> statement-breakpoint
CREATE TRIGGER "products_bump_hierarchy" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "bump_hierarchy_version"();
--> statement-breakpoint
CREATE TRIGGER "product_regions_bump_hierarchy" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_regions" FOR EACH STATEMENT EXECUTE FUNCTION "bump_hierarchy_version"();
