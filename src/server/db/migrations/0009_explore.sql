CREATE TABLE "custom_widgets" (
	"id" serial PRIMARY KEY NOT NULL,
	"persona_id" integer NOT NULL,
	"kind" text DEFAULT 'market' NOT NULL,
	"name" text NOT NULL,
	"tab" text NOT NULL,
	"position" integer NOT NULL,
	"rows" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "motivation_audiences" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"region_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"rules" jsonb NOT NULL,
	"job_status" text DEFAULT 'pending' NOT NULL,
	"people_count" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "personas" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"region_id" integer NOT NULL,
	"name" text NOT NULL,
	"identifiers" jsonb,
	"is_all_data" boolean DEFAULT false NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"icon" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "custom_widgets" ADD CONSTRAINT "custom_widgets_persona_id_personas_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."personas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "motivation_audiences" ADD CONSTRAINT "motivation_audiences_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "motivation_audiences" ADD CONSTRAINT "motivation_audiences_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "motivation_audiences" ADD CONSTRAINT "motivation_audiences_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "motivation_audiences" ADD CONSTRAINT "motivation_audiences_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personas" ADD CONSTRAINT "personas_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personas" ADD CONSTRAINT "personas_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personas" ADD CONSTRAINT "personas_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personas" ADD CONSTRAINT "personas_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custom_widgets_persona_idx" ON "custom_widgets" USING btree ("persona_id","position");--> statement-breakpoint
CREATE INDEX "motivation_audiences_scope_idx" ON "motivation_audiences" USING btree ("client_id","product_id","region_id");--> statement-breakpoint
CREATE INDEX "personas_scope_idx" ON "personas" USING btree ("client_id","product_id","region_id");--> statement-breakpoint
CREATE UNIQUE INDEX "personas_scope_name_key" ON "personas" USING btree ("product_id","region_id",lower(btrim("name")));--> statement-breakpoint
CREATE UNIQUE INDEX "personas_scope_all_data_key" ON "personas" USING btree ("product_id","region_id") WHERE "personas"."is_all_data";--> statement-breakpoint
CREATE UNIQUE INDEX "personas_scope_default_key" ON "personas" USING btree ("product_id","region_id") WHERE "personas"."is_default";