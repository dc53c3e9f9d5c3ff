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
-- Units named their category in free text; each name becomes a category of its client, in the navigation's category order.
-- Names that differ only in case or spacing are one category (names are unique per client on lower(name)), spelled as
-- most of its units spell it, trimmed with inner spaces made one (as the rules store a name); priorities 0, 1, 2… .
INSERT INTO "toolbox_categories" ("client_id", "name", "priority")
SELECT c."client_id", c."name",
  (row_number() OVER (PARTITION BY c."client_id" ORDER BY coalesce(array_position(ARRAY['insights','audiences','plans','outcomes','creative','toolbox','analytics','home'], lower(c."name")), 100), lower(c."name")))::int - 1
FROM (
  SELECT DISTINCT ON (n."client_id", lower(n."name")) n."client_id", n."name"
  FROM (
    SELECT "client_id", regexp_replace(btrim("feature_module_category"), '\s+', ' ', 'g') AS "name", count(*) AS "units"
    FROM "toolbox_units" WHERE "feature_module_category" IS NOT NULL
    GROUP BY 1, 2
  ) n
  WHERE n."name" <> ''
  ORDER BY n."client_id", lower(n."name"), n."units" DESC, n."name"
) c
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Each unit names its category as the category spells it: the server finds a unit's category by lower(name).
UPDATE "toolbox_units" u SET "feature_module_category" = c."name"
FROM "toolbox_categories" c
WHERE c."client_id" = u."client_id" AND lower(c."name") = lower(regexp_replace(btrim(u."feature_module_category"), '\s+', ' ', 'g'))
  AND u."feature_module_category" <> c."name";
--> statement-breakpoint
UPDATE "roles" SET "built_in" = true WHERE "name" IN ('Admin', 'Analyst', 'Viewer');
