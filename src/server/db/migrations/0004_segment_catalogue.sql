CREATE TABLE "data_sets" (
	"client_region_id" integer PRIMARY KEY NOT NULL,
	"people" integer NOT NULL,
	"seed" text,
	"status" text DEFAULT 'generating' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "demographic_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_region_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "demographic_values" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "segments" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_region_id" integer NOT NULL,
	"short_id" integer NOT NULL,
	"identifier" text NOT NULL,
	"name" text NOT NULL,
	"path_parts" jsonb NOT NULL,
	"vendor_id" integer NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"allow_create_audience_single" boolean DEFAULT true NOT NULL,
	"people_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_data_sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"region_id" integer NOT NULL,
	"use_cases" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_group_members" (
	"group_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	CONSTRAINT "vendor_group_members_group_id_vendor_id_pk" PRIMARY KEY("group_id","vendor_id")
);
--> statement-breakpoint
CREATE TABLE "vendor_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "vendor_groups_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "vendor_source_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_name" text NOT NULL,
	"vendor_type" text NOT NULL,
	CONSTRAINT "vendors_vendor_name_unique" UNIQUE("vendor_name")
);
--> statement-breakpoint
ALTER TABLE "data_sets" ADD CONSTRAINT "data_sets_client_region_id_client_regions_id_fk" FOREIGN KEY ("client_region_id") REFERENCES "public"."client_regions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demographic_categories" ADD CONSTRAINT "demographic_categories_client_region_id_client_regions_id_fk" FOREIGN KEY ("client_region_id") REFERENCES "public"."client_regions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demographic_values" ADD CONSTRAINT "demographic_values_category_id_demographic_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."demographic_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segments" ADD CONSTRAINT "segments_client_region_id_client_regions_id_fk" FOREIGN KEY ("client_region_id") REFERENCES "public"."client_regions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segments" ADD CONSTRAINT "segments_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_data_sources" ADD CONSTRAINT "vendor_data_sources_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_data_sources" ADD CONSTRAINT "vendor_data_sources_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_group_members" ADD CONSTRAINT "vendor_group_members_group_id_vendor_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."vendor_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_group_members" ADD CONSTRAINT "vendor_group_members_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_source_codes" ADD CONSTRAINT "vendor_source_codes_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "demographic_categories_key" ON "demographic_categories" USING btree ("client_region_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "demographic_values_key" ON "demographic_values" USING btree ("category_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "segments_short_id_key" ON "segments" USING btree ("client_region_id","short_id");--> statement-breakpoint
CREATE UNIQUE INDEX "segments_identifier_key" ON "segments" USING btree ("client_region_id","identifier");--> statement-breakpoint
CREATE INDEX "segments_name_idx" ON "segments" USING btree ("client_region_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_data_sources_key" ON "vendor_data_sources" USING btree ("vendor_id","region_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_source_codes_key" ON "vendor_source_codes" USING btree ("vendor_id","code");