-- Attempt counters in the database, shared by every process (sign-in lock-out, code requests, route
-- limits); a family's own name for a person linked from another entity's family; member look-ups in the
-- audit log, with the e-mail looked up.
CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"last_hit_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "subject" text;--> statement-breakpoint
ALTER TABLE "group_members" ADD COLUMN "first_name" text;--> statement-breakpoint
ALTER TABLE "group_members" ADD COLUMN "last_name" text;--> statement-breakpoint
CREATE INDEX "rate_limit_counters_expires_idx" ON "rate_limit_counters" USING btree ("expires_at");