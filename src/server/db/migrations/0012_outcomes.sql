CREATE TABLE "market_outcomes" (
	"timeframe_id" integer NOT NULL,
	"market_id" integer NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"matched" bigint DEFAULT 0 NOT NULL,
	"modeled" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "market_outcomes_timeframe_id_market_id_pk" PRIMARY KEY("timeframe_id","market_id")
);
--> statement-breakpoint
CREATE TABLE "outcome_timeframes" (
	"id" serial PRIMARY KEY NOT NULL,
	"mekko_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"matched" bigint DEFAULT 0 NOT NULL,
	"modeled" bigint DEFAULT 0 NOT NULL,
	"source" text DEFAULT 'entered' NOT NULL,
	"recorded_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outcome_timeframes_month_check" CHECK ("outcome_timeframes"."month" BETWEEN 1 AND 12)
);
--> statement-breakpoint
CREATE TABLE "submarket_outcomes" (
	"timeframe_id" integer NOT NULL,
	"sub_market_id" integer NOT NULL,
	"market_id" integer NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"matched" bigint DEFAULT 0 NOT NULL,
	"modeled" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "submarket_outcomes_timeframe_id_sub_market_id_pk" PRIMARY KEY("timeframe_id","sub_market_id")
);
--> statement-breakpoint
ALTER TABLE "market_outcomes" ADD CONSTRAINT "market_outcomes_timeframe_id_outcome_timeframes_id_fk" FOREIGN KEY ("timeframe_id") REFERENCES "public"."outcome_timeframes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_outcomes" ADD CONSTRAINT "market_outcomes_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outcome_timeframes" ADD CONSTRAINT "outcome_timeframes_mekko_id_mekkos_id_fk" FOREIGN KEY ("mekko_id") REFERENCES "public"."mekkos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outcome_timeframes" ADD CONSTRAINT "outcome_timeframes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outcome_timeframes" ADD CONSTRAINT "outcome_timeframes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submarket_outcomes" ADD CONSTRAINT "submarket_outcomes_timeframe_id_outcome_timeframes_id_fk" FOREIGN KEY ("timeframe_id") REFERENCES "public"."outcome_timeframes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submarket_outcomes" ADD CONSTRAINT "submarket_outcomes_sub_market_id_sub_markets_id_fk" FOREIGN KEY ("sub_market_id") REFERENCES "public"."sub_markets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submarket_outcomes" ADD CONSTRAINT "submarket_outcomes_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "market_outcomes_market_idx" ON "market_outcomes" USING btree ("market_id");--> statement-breakpoint
CREATE UNIQUE INDEX "outcome_timeframes_month_key" ON "outcome_timeframes" USING btree ("mekko_id","year","month");--> statement-breakpoint
CREATE INDEX "submarket_outcomes_sub_market_idx" ON "submarket_outcomes" USING btree ("sub_market_id");