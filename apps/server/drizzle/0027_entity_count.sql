CREATE TABLE "entity_count" (
	"one" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "entity_count_one_row" CHECK ("entity_count"."one")
);
--> statement-breakpoint
-- The entity list's total: kept as entities are added or removed, so that a page does not count them.
INSERT INTO "entity_count" ("one", "n") SELECT true, count(*)::int FROM "entities";--> statement-breakpoint
-- Statement triggers with the rows each statement changed: a bulk insert adds its count once.
CREATE FUNCTION entities_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE entity_count SET n = n + (SELECT count(*)::int FROM added);
  ELSE
    UPDATE entity_count SET n = n - (SELECT count(*)::int FROM removed);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER entities_count_added AFTER INSERT ON "entities" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION entities_count();--> statement-breakpoint
CREATE TRIGGER entities_count_removed AFTER DELETE ON "entities" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION entities_count();
