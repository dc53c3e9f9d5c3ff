CREATE TABLE "surveys" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_region_id" integer NOT NULL,
	"level" text NOT NULL,
	"name" text NOT NULL,
	"sub_market_id" integer,
	"journey_brand_id" integer,
	"journey_stage_id" integer,
	"questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "surveys_level_check" CHECK ("surveys"."level" IN ('region', 'audience', 'stage')),
	CONSTRAINT "surveys_target_check" CHECK (("surveys"."level" = 'region' AND "surveys"."sub_market_id" IS NULL AND "surveys"."journey_stage_id" IS NULL) OR ("surveys"."level" = 'audience' AND "surveys"."sub_market_id" IS NOT NULL) OR ("surveys"."level" = 'stage' AND "surveys"."journey_stage_id" IS NOT NULL AND "surveys"."journey_brand_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_client_region_id_client_regions_id_fk" FOREIGN KEY ("client_region_id") REFERENCES "public"."client_regions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_sub_market_id_sub_markets_id_fk" FOREIGN KEY ("sub_market_id") REFERENCES "public"."sub_markets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_journey_brand_id_journey_brands_id_fk" FOREIGN KEY ("journey_brand_id") REFERENCES "public"."journey_brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_journey_stage_id_journey_stages_id_fk" FOREIGN KEY ("journey_stage_id") REFERENCES "public"."journey_stages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "surveys_client_region_idx" ON "surveys" USING btree ("client_region_id","level");--> statement-breakpoint
CREATE INDEX "surveys_sub_market_idx" ON "surveys" USING btree ("sub_market_id");--> statement-breakpoint
CREATE INDEX "surveys_stage_idx" ON "surveys" USING btree ("journey_stage_id");--> statement-breakpoint
CREATE UNIQUE INDEX "surveys_target_name_key" ON "surveys" USING btree ("client_region_id","level",coalesce("sub_market_id", 0),coalesce("journey_brand_id", 0),coalesce("journey_stage_id", 0),lower(btrim("name")));