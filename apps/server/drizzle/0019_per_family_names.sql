CREATE TABLE "family_member_names" (
	"group_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "family_member_names_group_id_member_id_pk" PRIMARY KEY("group_id","member_id")
);
--> statement-breakpoint
ALTER TABLE "family_member_names" ADD CONSTRAINT "family_member_names_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_member_names" ADD CONSTRAINT "family_member_names_member_id_family_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."family_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Each family's names of its people today: the membership's own name, else the person's.
INSERT INTO "family_member_names" ("group_id", "member_id", "first_name", "last_name")
  SELECT gm."group_id", gm."member_id", coalesce(gm."first_name", fm."first_name"), coalesce(gm."last_name", fm."last_name")
  FROM "group_members" gm JOIN "family_members" fm ON fm."id" = gm."member_id";--> statement-breakpoint
-- People who left a family but are in its conversations (its channels' members, authors, reporters):
-- the chat user's name, which that family's syncs wrote, unless another entity's family holds the
-- person now (then its syncs may have written it): the person's own record's name.
INSERT INTO "family_member_names" ("group_id", "member_id", "first_name", "last_name")
  SELECT DISTINCT ON (c."group_id", fm."id") c."group_id", fm."id",
    CASE WHEN elsewhere."held" THEN fm."first_name" ELSE u."name" END,
    CASE WHEN elsewhere."held" THEN fm."last_name" ELSE '' END
  FROM "chat_channels" c
  JOIN "groups" g ON g."id" = c."group_id"
  JOIN (
    SELECT "channel_id", "user_id" FROM "chat_channel_members"
    UNION SELECT "channel_id", "user_id" FROM "chat_messages"
    UNION SELECT "channel_id", "user_id" FROM "chat_flags"
  ) p ON p."channel_id" = c."id"
  JOIN "family_members" fm ON fm."id"::text = p."user_id"
  JOIN "chat_users" u ON u."id" = p."user_id"
  CROSS JOIN LATERAL (
    SELECT exists (
      SELECT 1 FROM "group_members" gm JOIN "groups" other ON other."id" = gm."group_id"
      WHERE gm."member_id" = fm."id" AND other."entity_id" <> g."entity_id"
    ) AS "held"
  ) elsewhere
  ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Reports already mirrored name who reported and who wrote as their family does.
UPDATE "message_reports" r
  SET "reported_by_name" = concat_ws(' ', nullif(trim(n."first_name"), ''), nullif(trim(n."last_name"), ''))
  FROM "family_member_names" n
  WHERE n."group_id" = r."group_id" AND n."member_id"::text = r."reported_by_id";--> statement-breakpoint
UPDATE "message_reports" r
  SET "author_name" = concat_ws(' ', nullif(trim(n."first_name"), ''), nullif(trim(n."last_name"), ''))
  FROM "chat_messages" m JOIN "family_member_names" n ON n."member_id"::text = m."user_id"
  WHERE m."id"::text = r."message_id" AND n."group_id" = r."group_id";--> statement-breakpoint
-- The local chat users hold each person's own name, as the member sync now writes it.
UPDATE "chat_users" u
  SET "name" = concat_ws(' ', nullif(trim(fm."first_name"), ''), nullif(trim(fm."last_name"), ''))
  FROM "family_members" fm
  WHERE fm."id"::text = u."id";
