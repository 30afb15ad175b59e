CREATE TABLE "chat_unread_due" (
	"channel_id" uuid PRIMARY KEY NOT NULL,
	"due_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_unread_mails" (
	"channel_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"covered_until" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_unread_mails_channel_id_user_id_pk" PRIMARY KEY("channel_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "member_preferences" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"email_unread" boolean DEFAULT true NOT NULL,
	"language" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_unread_due" ADD CONSTRAINT "chat_unread_due_channel_id_chat_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."chat_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_unread_mails" ADD CONSTRAINT "chat_unread_mails_channel_id_chat_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."chat_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_unread_mails" ADD CONSTRAINT "chat_unread_mails_user_id_chat_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."chat_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_preferences" ADD CONSTRAINT "member_preferences_member_id_family_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."family_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_push_subscriptions" ADD CONSTRAINT "member_push_subscriptions_member_id_family_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."family_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_push_subscriptions" ADD CONSTRAINT "member_push_subscriptions_session_id_member_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."member_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_unread_due_at_idx" ON "chat_unread_due" USING btree ("due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "member_push_subscriptions_endpoint_key" ON "member_push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "member_push_subscriptions_member_idx" ON "member_push_subscriptions" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "member_push_subscriptions_session_idx" ON "member_push_subscriptions" USING btree ("session_id");