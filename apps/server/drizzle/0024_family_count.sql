ALTER TABLE "entities" ADD COLUMN "family_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The families list's total for an entity: kept as families are added, removed or moved, so that a
-- page does not count the entity's families again.
UPDATE "entities" e SET "family_count" = c.n
  FROM (SELECT entity_id, count(*)::int AS n FROM "groups" GROUP BY entity_id) c
  WHERE c.entity_id = e.id;--> statement-breakpoint
-- Statement triggers with the rows each statement changed: a bulk insert adds its count once, where a
-- row trigger would update one entity's row once per family (quadratic within one transaction).
CREATE FUNCTION groups_count_families() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE entities e SET family_count = e.family_count + c.n
      FROM (SELECT entity_id, count(*)::int AS n FROM added GROUP BY entity_id) c
      WHERE e.id = c.entity_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE entities e SET family_count = e.family_count - c.n
      FROM (SELECT entity_id, count(*)::int AS n FROM removed GROUP BY entity_id) c
      WHERE e.id = c.entity_id;
  ELSE
    UPDATE entities e SET family_count = e.family_count + c.n
      FROM (SELECT entity_id, sum(n)::int AS n FROM (
              SELECT a.entity_id, 1 AS n FROM added a JOIN removed r ON r.id = a.id
                WHERE a.entity_id <> r.entity_id
              UNION ALL
              SELECT r.entity_id, -1 AS n FROM added a JOIN removed r ON r.id = a.id
                WHERE a.entity_id <> r.entity_id) moved
            GROUP BY entity_id) c
      WHERE e.id = c.entity_id AND c.n <> 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER groups_family_count_added AFTER INSERT ON "groups" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION groups_count_families();--> statement-breakpoint
CREATE TRIGGER groups_family_count_removed AFTER DELETE ON "groups" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION groups_count_families();--> statement-breakpoint
CREATE TRIGGER groups_family_count_moved AFTER UPDATE ON "groups" REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION groups_count_families();
