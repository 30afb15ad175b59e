ALTER TABLE "message_reports" ADD COLUMN "author_name" text;--> statement-breakpoint
UPDATE "message_reports" r SET "author_name" = u."name"
  FROM "chat_messages" m JOIN "chat_users" u ON u."id" = m."user_id"
  WHERE m."id"::text = r."message_id";
