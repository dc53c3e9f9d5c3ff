CREATE TABLE "discussion_cluster_nodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discussion_clusters" (
	"id" serial PRIMARY KEY NOT NULL,
	"node_id" integer NOT NULL,
	"name" text NOT NULL,
	"size" integer NOT NULL,
	CONSTRAINT "discussion_clusters_size_check" CHECK ("discussion_clusters"."size" BETWEEN 1 AND 100)
);
--> statement-breakpoint
CREATE TABLE "journey_brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"journey_id" integer NOT NULL,
	"name" text NOT NULL,
	"order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journey_stages" (
	"id" serial PRIMARY KEY NOT NULL,
	"journey_id" integer NOT NULL,
	"name" text NOT NULL,
	"priority" integer NOT NULL,
	"icon" text DEFAULT 'blank' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journey_sub_markets" (
	"id" serial PRIMARY KEY NOT NULL,
	"journey_id" integer NOT NULL,
	"journey_brand_id" integer NOT NULL,
	"journey_stage_id" integer NOT NULL,
	"population" bigint DEFAULT 0 NOT NULL,
	"matched_id" integer,
	"modeled_id" integer,
	"discussion_cluster_node_id" integer
);
--> statement-breakpoint
CREATE TABLE "journeys" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"region_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"has_transition_data" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "discussion_cluster_nodes" ADD CONSTRAINT "discussion_cluster_nodes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_clusters" ADD CONSTRAINT "discussion_clusters_node_id_discussion_cluster_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."discussion_cluster_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_brands" ADD CONSTRAINT "journey_brands_journey_id_journeys_id_fk" FOREIGN KEY ("journey_id") REFERENCES "public"."journeys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_stages" ADD CONSTRAINT "journey_stages_journey_id_journeys_id_fk" FOREIGN KEY ("journey_id") REFERENCES "public"."journeys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_sub_markets" ADD CONSTRAINT "journey_sub_markets_journey_id_journeys_id_fk" FOREIGN KEY ("journey_id") REFERENCES "public"."journeys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_sub_markets" ADD CONSTRAINT "journey_sub_markets_journey_brand_id_journey_brands_id_fk" FOREIGN KEY ("journey_brand_id") REFERENCES "public"."journey_brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_sub_markets" ADD CONSTRAINT "journey_sub_markets_journey_stage_id_journey_stages_id_fk" FOREIGN KEY ("journey_stage_id") REFERENCES "public"."journey_stages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_sub_markets" ADD CONSTRAINT "journey_sub_markets_discussion_cluster_node_id_discussion_cluster_nodes_id_fk" FOREIGN KEY ("discussion_cluster_node_id") REFERENCES "public"."discussion_cluster_nodes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journeys" ADD CONSTRAINT "journeys_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journeys" ADD CONSTRAINT "journeys_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journeys" ADD CONSTRAINT "journeys_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journeys" ADD CONSTRAINT "journeys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discussion_cluster_nodes_client_idx" ON "discussion_cluster_nodes" USING btree ("client_id","name");--> statement-breakpoint
CREATE INDEX "discussion_clusters_node_idx" ON "discussion_clusters" USING btree ("node_id");--> statement-breakpoint
CREATE INDEX "journey_brands_journey_idx" ON "journey_brands" USING btree ("journey_id","order");--> statement-breakpoint
CREATE INDEX "journey_stages_journey_idx" ON "journey_stages" USING btree ("journey_id","priority");--> statement-breakpoint
CREATE INDEX "journey_sub_markets_journey_idx" ON "journey_sub_markets" USING btree ("journey_id");--> statement-breakpoint
CREATE UNIQUE INDEX "journey_sub_markets_cell_key" ON "journey_sub_markets" USING btree ("journey_brand_id","journey_stage_id");--> statement-breakpoint
CREATE INDEX "journey_sub_markets_stage_idx" ON "journey_sub_markets" USING btree ("journey_stage_id");--> statement-breakpoint
CREATE INDEX "journeys_scope_idx" ON "journeys" USING btree ("client_id","product_id","region_id");--> statement-breakpoint
CREATE UNIQUE INDEX "journeys_scope_name_key" ON "journeys" USING btree ("product_id","region_id",lower(btrim("name")));--> statement-breakpoint
CREATE UNIQUE INDEX "journeys_scope_default_key" ON "journeys" USING btree ("product_id","region_id") WHERE "journeys"."is_default";