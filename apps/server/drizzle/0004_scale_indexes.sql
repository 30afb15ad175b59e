-- Trigram indexes make ILIKE '%…%' searches index look-ups (pg_trgm: PGlite loads it as an extension).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "groups_entity_idx";--> statement-breakpoint
CREATE INDEX "billing_information_email_trgm_idx" ON "billing_information" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "entities_name_order_idx" ON "entities" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "entities_name_trgm_idx" ON "entities" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "entities_email_trgm_idx" ON "entities" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "groups_entity_created_idx" ON "groups" USING btree ("entity_id","created_at","id");--> statement-breakpoint
CREATE INDEX "groups_name_trgm_idx" ON "groups" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "family_members_email_trgm_idx" ON "family_members" USING gin ("email" gin_trgm_ops);
