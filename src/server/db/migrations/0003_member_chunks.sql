CREATE TABLE "member_chunks" (
	"client_region_id" integer NOT NULL,
	"set_kind" smallint NOT NULL,
	"set_id" integer NOT NULL,
	"chunk" integer NOT NULL,
	"bits" bit varying NOT NULL,
	CONSTRAINT "member_chunks_client_region_id_set_kind_set_id_chunk_pk" PRIMARY KEY("client_region_id","set_kind","set_id","chunk")
);
--> statement-breakpoint
ALTER TABLE "member_chunks" ADD CONSTRAINT "member_chunks_client_region_id_client_regions_id_fk" FOREIGN KEY ("client_region_id") REFERENCES "public"."client_regions"("id") ON DELETE cascade ON UPDATE no action;