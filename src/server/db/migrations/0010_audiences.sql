CREATE TABLE "comparisons" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"region_id" integer NOT NULL,
	"name" text NOT NULL,
	"members" jsonb NOT NULL,
	"result" jsonb,
	"error" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audiences" ADD COLUMN "identifier" text DEFAULT gen_random_uuid()::text NOT NULL;--> statement-breakpoint
ALTER TABLE "audiences" ADD COLUMN "seed_identifier" text;--> statement-breakpoint
ALTER TABLE "audiences" ADD COLUMN "seed_audience_id" integer;--> statement-breakpoint
ALTER TABLE "audiences" ADD COLUMN "seed_name" text;--> statement-breakpoint
ALTER TABLE "audiences" ADD COLUMN "short_id" integer;--> statement-breakpoint
ALTER TABLE "audiences" ADD COLUMN "status" text DEFAULT 'ready' NOT NULL;--> statement-breakpoint
ALTER TABLE "audiences" ADD COLUMN "reach" jsonb;--> statement-breakpoint
ALTER TABLE "audiences" ADD COLUMN "quality" jsonb;--> statement-breakpoint
ALTER TABLE "audiences" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "audiences" ADD COLUMN "job_id" text;--> statement-breakpoint
ALTER TABLE "audiences" ADD COLUMN "counted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audiences" ADD COLUMN "shared_from_client_id" integer;--> statement-breakpoint
ALTER TABLE "audiences" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "motivation_audiences" ADD COLUMN "audience_id" integer;--> statement-breakpoint
ALTER TABLE "motivation_audiences" ADD COLUMN "job_id" text;--> statement-breakpoint
ALTER TABLE "motivation_audiences" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "comparisons" ADD CONSTRAINT "comparisons_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comparisons" ADD CONSTRAINT "comparisons_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comparisons" ADD CONSTRAINT "comparisons_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comparisons" ADD CONSTRAINT "comparisons_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comparisons_scope_idx" ON "comparisons" USING btree ("client_id","product_id","region_id");--> statement-breakpoint
CREATE UNIQUE INDEX "comparisons_scope_name_key" ON "comparisons" USING btree ("product_id","region_id",lower(btrim("name")));--> statement-breakpoint
ALTER TABLE "audiences" ADD CONSTRAINT "audiences_seed_audience_id_audiences_id_fk" FOREIGN KEY ("seed_audience_id") REFERENCES "public"."audiences"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audiences" ADD CONSTRAINT "audiences_shared_from_client_id_clients_id_fk" FOREIGN KEY ("shared_from_client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "motivation_audiences" ADD CONSTRAINT "motivation_audiences_audience_id_audiences_id_fk" FOREIGN KEY ("audience_id") REFERENCES "public"."audiences"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "audiences_identifier_key" ON "audiences" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "audiences_seed_idx" ON "audiences" USING btree ("seed_audience_id");