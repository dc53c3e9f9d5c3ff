CREATE TABLE "curves" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"region_id" integer NOT NULL,
	"media_type" text NOT NULL,
	"curve_type_name" text NOT NULL,
	"is_generic" boolean DEFAULT false NOT NULL,
	"params" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "generic_curves" (
	"id" serial PRIMARY KEY NOT NULL,
	"media_type" text NOT NULL,
	"curve_type_name" text NOT NULL,
	"params" jsonb NOT NULL,
	CONSTRAINT "generic_curves_media_type_unique" UNIQUE("media_type")
);
--> statement-breakpoint
CREATE TABLE "plan_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"region_id" integer NOT NULL,
	"project_id" text NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"message" text,
	"plan" jsonb,
	"job_id" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "plan_imports_status_check" CHECK ("plan_imports"."status" IN ('submitted', 'complete', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "curves" ADD CONSTRAINT "curves_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curves" ADD CONSTRAINT "curves_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curves" ADD CONSTRAINT "curves_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_imports" ADD CONSTRAINT "plan_imports_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_imports" ADD CONSTRAINT "plan_imports_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_imports" ADD CONSTRAINT "plan_imports_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_imports" ADD CONSTRAINT "plan_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "curves_product_media_key" ON "curves" USING btree ("client_id","region_id","product_id","media_type");--> statement-breakpoint
CREATE INDEX "plan_imports_product_idx" ON "plan_imports" USING btree ("client_id","region_id","product_id","created_at");--> statement-breakpoint
-- The generic curve library (issue 31, decision 022): weekly Spend curves, A = 0 and E = 1 (Hill curves), one per media type.
INSERT INTO "generic_curves" ("media_type", "curve_type_name", "params") VALUES
	('TV', 'Spend', '{"a":0,"b":2.2,"c":250000,"d":1200,"e":1,"cpp_or_cpm":null,"cpp":null}'),
	('Online Video', 'Spend', '{"a":0,"b":1.6,"c":90000,"d":520,"e":1,"cpp_or_cpm":null,"cpp":null}'),
	('Display', 'Spend', '{"a":0,"b":1.1,"c":40000,"d":260,"e":1,"cpp_or_cpm":null,"cpp":null}'),
	('Social', 'Spend', '{"a":0,"b":1.3,"c":60000,"d":430,"e":1,"cpp_or_cpm":null,"cpp":null}'),
	('Search', 'Spend', '{"a":0,"b":0.9,"c":30000,"d":380,"e":1,"cpp_or_cpm":null,"cpp":null}'),
	('Audio', 'Spend', '{"a":0,"b":1.8,"c":50000,"d":210,"e":1,"cpp_or_cpm":null,"cpp":null}'),
	('Out of Home', 'Spend', '{"a":0,"b":2,"c":80000,"d":300,"e":1,"cpp_or_cpm":null,"cpp":null}'),
	('Print', 'Spend', '{"a":0,"b":1.5,"c":45000,"d":150,"e":1,"cpp_or_cpm":null,"cpp":null}');
