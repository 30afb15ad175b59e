CREATE TABLE "webauthn_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"challenge" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "second_factors" ALTER COLUMN "secret_encrypted" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "second_factors" ADD COLUMN "credential_id" text;--> statement-breakpoint
ALTER TABLE "second_factors" ADD COLUMN "public_key" text;--> statement-breakpoint
ALTER TABLE "second_factors" ADD COLUMN "counter" bigint;--> statement-breakpoint
ALTER TABLE "second_factors" ADD COLUMN "transports" text;--> statement-breakpoint
ALTER TABLE "webauthn_challenges" ADD CONSTRAINT "webauthn_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webauthn_challenges_user_idx" ON "webauthn_challenges" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "second_factors_credential_key" ON "second_factors" USING btree ("credential_id") WHERE "second_factors"."credential_id" is not null;