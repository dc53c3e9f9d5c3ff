CREATE TABLE "invitations" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_by" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "toolbox_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"name" text NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "site_visit_segment_mapping" jsonb;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "language" text DEFAULT 'en-US' NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "built_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "invited_by" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "toolbox_categories" ADD CONSTRAINT "toolbox_categories_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invitations_user_idx" ON "invitations" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "toolbox_categories_client_name_key" ON "toolbox_categories" USING btree ("client_id",lower("name"));--> statement-breakpoint
-- Units named their category in free text; each distinct name becomes a category of its client, in the navigation's category order.
INSERT INTO "toolbox_categories" ("client_id", "name", "priority")
SELECT u."client_id", u."feature_module_category",
  (row_number() OVER (PARTITION BY u."client_id" ORDER BY coalesce(array_position(ARRAY['insights','audiences','plans','outcomes','creative','toolbox','analytics','home'], u."feature_module_category"), 100), u."feature_module_category"))::int - 1
FROM (SELECT DISTINCT "client_id", "feature_module_category" FROM "toolbox_units" WHERE "feature_module_category" IS NOT NULL AND "feature_module_category" <> '') u
ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "roles" SET "built_in" = true WHERE "name" IN ('Admin', 'Analyst', 'Viewer');
