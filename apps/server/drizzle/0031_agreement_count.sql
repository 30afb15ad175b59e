ALTER TABLE "entities" ADD COLUMN "agreement_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The list of families without an agreement counts them as the entity's families less these: kept as
-- standings are written and removed (a standing never changes entity), by statement triggers as the
-- family count is, so a bulk write adds its count once.
UPDATE "entities" e SET "agreement_count" = c.n
  FROM (SELECT entity_id, count(*)::int AS n FROM "agreement_states" GROUP BY entity_id) c
  WHERE c.entity_id = e.id;--> statement-breakpoint
CREATE FUNCTION agreement_states_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE entities e SET agreement_count = e.agreement_count + c.n
      FROM (SELECT entity_id, count(*)::int AS n FROM added GROUP BY entity_id) c
      WHERE e.id = c.entity_id;
  ELSE
    UPDATE entities e SET agreement_count = e.agreement_count - c.n
      FROM (SELECT entity_id, count(*)::int AS n FROM removed GROUP BY entity_id) c
      WHERE e.id = c.entity_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER agreement_states_count_added AFTER INSERT ON "agreement_states" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION agreement_states_count();--> statement-breakpoint
CREATE TRIGGER agreement_states_count_removed AFTER DELETE ON "agreement_states" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION agreement_states_count();
