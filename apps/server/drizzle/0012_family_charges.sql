CREATE TABLE "family_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"charge_key" text NOT NULL,
	"plan_name" text NOT NULL,
	"plan_type" text NOT NULL,
	"coupon_names" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"card_brand" text NOT NULL,
	"card_last4" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "family_charges" ADD CONSTRAINT "family_charges_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "family_charges_charge_key" ON "family_charges" USING btree ("provider","charge_key");--> statement-breakpoint
CREATE INDEX "family_charges_group_idx" ON "family_charges" USING btree ("group_id","created_at");