CREATE TABLE "markets" (
	"id" serial PRIMARY KEY NOT NULL,
	"mekko_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mekkos" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"region_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"measurement_label" text DEFAULT 'Penetration' NOT NULL,
	"count_type" text DEFAULT 'people_count' NOT NULL,
	"vertical_type" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "snapshots" (
	"id" serial PRIMARY KEY NOT NULL,
	"mekko_id" integer NOT NULL,
	"refreshed_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "snapshots_sub_markets" (
	"snapshot_id" integer NOT NULL,
	"sub_market_id" integer NOT NULL,
	"current_confidence" double precision NOT NULL,
	CONSTRAINT "snapshots_sub_markets_snapshot_id_sub_market_id_pk" PRIMARY KEY("snapshot_id","sub_market_id")
);
--> statement-breakpoint
CREATE TABLE "sub_markets" (
	"id" serial PRIMARY KEY NOT NULL,
	"market_id" integer NOT NULL,
	"mekko_id" integer NOT NULL,
	"name" text NOT NULL,
	"tag" text DEFAULT 'none' NOT NULL,
	"position" integer NOT NULL,
	"matched_short_id" integer,
	"modeled_short_id" integer,
	"population" bigint DEFAULT 0 NOT NULL,
	"webo_cluster_id" text,
	"discussion_cluster_node_id" integer
);
--> statement-breakpoint
CREATE TABLE "tv_count_settings" (
	"client_region_id" integer PRIMARY KEY NOT NULL,
	"minimum" integer NOT NULL,
	"maximum" integer NOT NULL,
	"n_pids" integer NOT NULL,
	"const" double precision DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_regions" ADD COLUMN "market_level_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "markets" ADD CONSTRAINT "markets_mekko_id_mekkos_id_fk" FOREIGN KEY ("mekko_id") REFERENCES "public"."mekkos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mekkos" ADD CONSTRAINT "mekkos_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mekkos" ADD CONSTRAINT "mekkos_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mekkos" ADD CONSTRAINT "mekkos_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mekkos" ADD CONSTRAINT "mekkos_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "snapshots" ADD CONSTRAINT "snapshots_mekko_id_mekkos_id_fk" FOREIGN KEY ("mekko_id") REFERENCES "public"."mekkos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "snapshots" ADD CONSTRAINT "snapshots_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "snapshots_sub_markets" ADD CONSTRAINT "snapshots_sub_markets_snapshot_id_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."snapshots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "snapshots_sub_markets" ADD CONSTRAINT "snapshots_sub_markets_sub_market_id_sub_markets_id_fk" FOREIGN KEY ("sub_market_id") REFERENCES "public"."sub_markets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_markets" ADD CONSTRAINT "sub_markets_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_markets" ADD CONSTRAINT "sub_markets_mekko_id_mekkos_id_fk" FOREIGN KEY ("mekko_id") REFERENCES "public"."mekkos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tv_count_settings" ADD CONSTRAINT "tv_count_settings_client_region_id_client_regions_id_fk" FOREIGN KEY ("client_region_id") REFERENCES "public"."client_regions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "markets_mekko_idx" ON "markets" USING btree ("mekko_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "markets_name_key" ON "markets" USING btree ("mekko_id",lower(btrim("name")));--> statement-breakpoint
CREATE INDEX "mekkos_scope_idx" ON "mekkos" USING btree ("client_id","product_id","region_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mekkos_scope_name_key" ON "mekkos" USING btree ("product_id","region_id",lower(btrim("name")));--> statement-breakpoint
CREATE UNIQUE INDEX "mekkos_scope_default_key" ON "mekkos" USING btree ("product_id","region_id") WHERE "mekkos"."is_default";--> statement-breakpoint
CREATE INDEX "snapshots_mekko_idx" ON "snapshots" USING btree ("mekko_id");--> statement-breakpoint
CREATE INDEX "snapshots_sub_markets_sub_market_idx" ON "snapshots_sub_markets" USING btree ("sub_market_id");--> statement-breakpoint
CREATE INDEX "sub_markets_market_idx" ON "sub_markets" USING btree ("market_id","position");--> statement-breakpoint
CREATE INDEX "sub_markets_mekko_idx" ON "sub_markets" USING btree ("mekko_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sub_markets_name_key" ON "sub_markets" USING btree ("market_id",lower(btrim("name")));