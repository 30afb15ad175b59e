DROP INDEX "terms_version_key";--> statement-breakpoint
ALTER TABLE "terms" ADD COLUMN "document" text DEFAULT 'terms' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "terms_document_version_key" ON "terms" USING btree ("document","version");