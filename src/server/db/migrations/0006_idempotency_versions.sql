-- Nothing wrote processed_requests before this migration, so its new NOT NULL column needs no default.
ALTER TABLE "processed_requests" ADD COLUMN "request_hash" text NOT NULL;--> statement-breakpoint
ALTER TABLE "processed_requests" ADD COLUMN "content_type" text DEFAULT 'application/json; charset=utf-8' NOT NULL;--> statement-breakpoint
ALTER TABLE "toolbox_units" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "processed_requests_created_idx" ON "processed_requests" USING btree ("created_at");