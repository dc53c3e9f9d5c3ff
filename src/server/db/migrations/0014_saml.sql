CREATE TABLE "saml_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saml_relay_states" (
	"key" text PRIMARY KEY NOT NULL,
	"return_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires" timestamp with time zone NOT NULL,
	"used" boolean DEFAULT false NOT NULL,
	"address" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "sso" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "saml_requests_expires_idx" ON "saml_requests" USING btree ("expires");--> statement-breakpoint
CREATE INDEX "saml_relay_states_expires_idx" ON "saml_relay_states" USING btree ("expires");--> statement-breakpoint
CREATE INDEX "saml_relay_states_address_idx" ON "saml_relay_states" USING btree ("address","expires");
