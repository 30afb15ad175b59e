CREATE TABLE "agreement_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"due" date NOT NULL,
	"kind" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"alerted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "agreement_states" (
	"group_id" uuid PRIMARY KEY NOT NULL,
	"entity_id" uuid NOT NULL,
	"standing" text NOT NULL,
	"standing_date" date,
	"due_items" jsonb NOT NULL,
	"family_created_at" timestamp with time zone NOT NULL,
	"check_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agreement_notices" ADD CONSTRAINT "agreement_notices_item_id_agreement_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."agreement_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_notices" ADD CONSTRAINT "agreement_notices_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_notices" ADD CONSTRAINT "agreement_notices_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_states" ADD CONSTRAINT "agreement_states_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_states" ADD CONSTRAINT "agreement_states_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agreement_notices_item_due_kind_key" ON "agreement_notices" USING btree ("item_id","due","kind");--> statement-breakpoint
CREATE INDEX "agreement_notices_unalerted_idx" ON "agreement_notices" USING btree ("created_at") WHERE "agreement_notices"."alerted_at" is null and "agreement_notices"."kind" = 'overdue';--> statement-breakpoint
CREATE INDEX "agreement_states_entity_standing_created_idx" ON "agreement_states" USING btree ("entity_id","standing","family_created_at" DESC NULLS FIRST,"group_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "agreement_states_entity_standing_date_idx" ON "agreement_states" USING btree ("entity_id","standing","standing_date");--> statement-breakpoint
CREATE INDEX "agreement_states_check_at_idx" ON "agreement_states" USING btree ("check_at") WHERE "agreement_states"."check_at" is not null;