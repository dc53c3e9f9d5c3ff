ALTER TABLE "discussion_cluster_nodes" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "discussion_clusters" ADD COLUMN "theme" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "discussion_clusters" ADD COLUMN "reach" double precision;--> statement-breakpoint
ALTER TABLE "discussion_clusters" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "discussion_cluster_nodes_name_key" ON "discussion_cluster_nodes" USING btree ("client_id",lower(btrim("name")));--> statement-breakpoint
ALTER TABLE "discussion_clusters" ADD CONSTRAINT "discussion_clusters_reach_check" CHECK ("discussion_clusters"."reach" IS NULL OR ("discussion_clusters"."reach" >= 0 AND "discussion_clusters"."reach" <= 100));