DROP INDEX "audit_events_platform_idx";--> statement-breakpoint
ALTER TABLE "audit_events" ALTER COLUMN "created_at" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "actor_first_name" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "actor_last_name" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "actor_email" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "target_id" text;--> statement-breakpoint
CREATE INDEX "audit_events_platform_idx" ON "audit_events" USING btree ("created_at") WHERE "audit_events"."group_id" is null and "audit_events"."action" in ('entity.created', 'entity.edited', 'entity.status_changed', 'entity.access_requested', 'entity.access_rejected', 'admin.created', 'admin.edited', 'admin.removed', 'terms.published', 'plan.created', 'plan.archived', 'plan.restored', 'coupon.created', 'coupon.edited', 'coupon.archived');--> statement-breakpoint
-- The events recorded so far keep their actor's name and e-mail as they are now.
UPDATE "audit_events" SET "actor_first_name" = "users"."first_name", "actor_last_name" = "users"."last_name", "actor_email" = "users"."email" FROM "users" WHERE "users"."id" = "audit_events"."actor_user_id";
