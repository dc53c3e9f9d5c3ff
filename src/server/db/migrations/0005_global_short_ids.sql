DROP INDEX "segments_short_id_key";--> statement-breakpoint
CREATE UNIQUE INDEX "segments_short_id_key" ON "segments" USING btree ("short_id");