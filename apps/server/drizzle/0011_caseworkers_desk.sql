-- The caseworker's desk: every reported message mirrored in message_reports (open until reviewed with
-- a note), the entity's alert setting, details on audit events and an index for the platform's, and
-- the index of search in a conversation (the channel beside the words of the message's text).
CREATE TABLE "message_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"channel_id" text NOT NULL,
	"channel_number" integer,
	"message_id" text NOT NULL,
	"reported_by_id" text NOT NULL,
	"reported_by_name" text NOT NULL,
	"reason" text,
	"reported_at" timestamp with time zone NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" uuid,
	"review_note" text,
	"alerted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "entities" ADD COLUMN "report_alerts" text DEFAULT 'immediate' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "details" jsonb;--> statement-breakpoint
ALTER TABLE "message_reports" ADD CONSTRAINT "message_reports_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reports" ADD CONSTRAINT "message_reports_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reports" ADD CONSTRAINT "message_reports_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_reports_report_key" ON "message_reports" USING btree ("channel_id","message_id","reported_by_id");--> statement-breakpoint
CREATE INDEX "message_reports_queue_idx" ON "message_reports" USING btree ("entity_id","state","reported_at");--> statement-breakpoint
CREATE INDEX "message_reports_open_group_idx" ON "message_reports" USING btree ("group_id","channel_id") WHERE "message_reports"."state" = 'open';--> statement-breakpoint
CREATE INDEX "message_reports_unalerted_idx" ON "message_reports" USING btree ("entity_id") WHERE "message_reports"."alerted_at" is null;--> statement-breakpoint
CREATE INDEX "audit_events_platform_idx" ON "audit_events" USING btree ("created_at") WHERE "audit_events"."group_id" is null and "audit_events"."action" in ('entity.created', 'entity.status_changed', 'admin.created', 'admin.edited', 'admin.removed', 'terms.published');--> statement-breakpoint
CREATE INDEX "chat_messages_search_idx" ON "chat_messages" USING gin ("channel_id",to_tsvector('english'::regconfig, regexp_replace(html, '<[^>]+>', ' ', 'g')));--> statement-breakpoint
-- The local provider's reports made before the mirror existed: open, and already alerted (nobody is
-- mailed about an old report on the day of the upgrade).
INSERT INTO "message_reports" ("entity_id", "group_id", "channel_id", "channel_number", "message_id",
	"reported_by_id", "reported_by_name", "reason", "reported_at", "excerpt", "alerted_at")
SELECT g."entity_id", c."group_id", f."channel_id"::text, c."number", f."message_id"::text, f."user_id", u."name",
	f."reason", f."created_at",
	left(btrim(split_part(replace(replace(replace(replace(
		regexp_replace(regexp_replace(m."html", '<(br|/p|/div|/li)[^>]*>', E'\n', 'gi'), '<[^>]+>', '', 'g'),
		'&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&amp;', '&'), E'\n', 1)), 200),
	f."created_at"
FROM "chat_flags" f
JOIN "chat_messages" m ON m."id" = f."message_id"
JOIN "chat_channels" c ON c."id" = f."channel_id"
JOIN "groups" g ON g."id" = c."group_id"
JOIN "chat_users" u ON u."id" = f."user_id"
WHERE g."entity_id" IS NOT NULL
ON CONFLICT DO NOTHING;
