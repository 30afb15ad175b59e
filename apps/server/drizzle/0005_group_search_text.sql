-- The families list searches one column: a family's name, payment e-mail and members' e-mails, kept by
-- triggers wherever they change, with one trigram index. Searching the three tables apart had to visit
-- every matching e-mail of every entity before keeping the entity's own.
DROP INDEX "billing_information_email_trgm_idx";--> statement-breakpoint
DROP INDEX "groups_name_trgm_idx";--> statement-breakpoint
DROP INDEX "family_members_email_trgm_idx";--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE FUNCTION group_search_text(gid uuid, gname text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT lower(concat_ws(E'\n', gname,
    (SELECT b.email FROM billing_information b WHERE b.group_id = gid),
    (SELECT string_agg(m.email, E'\n' ORDER BY m.email)
       FROM group_members gm JOIN family_members m ON m.id = gm.member_id WHERE gm.group_id = gid)))
$$;--> statement-breakpoint
CREATE FUNCTION groups_set_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := group_search_text(NEW.id, NEW.name);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE FUNCTION refresh_group_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'family_members' THEN
    UPDATE groups g SET search_text = group_search_text(g.id, g.name)
      WHERE g.id IN (SELECT gm.group_id FROM group_members gm WHERE gm.member_id = NEW.id);
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    UPDATE groups g SET search_text = group_search_text(g.id, g.name) WHERE g.id = OLD.group_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE groups g SET search_text = group_search_text(g.id, g.name) WHERE g.id = NEW.group_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER groups_search_text BEFORE INSERT OR UPDATE OF name ON groups
  FOR EACH ROW EXECUTE FUNCTION groups_set_search_text();--> statement-breakpoint
CREATE TRIGGER billing_information_search_text AFTER INSERT OR DELETE OR UPDATE OF email, group_id ON billing_information
  FOR EACH ROW EXECUTE FUNCTION refresh_group_search_text();--> statement-breakpoint
CREATE TRIGGER group_members_search_text AFTER INSERT OR DELETE OR UPDATE OF group_id, member_id ON group_members
  FOR EACH ROW EXECUTE FUNCTION refresh_group_search_text();--> statement-breakpoint
CREATE TRIGGER family_members_search_text AFTER UPDATE OF email ON family_members
  FOR EACH ROW EXECUTE FUNCTION refresh_group_search_text();--> statement-breakpoint
UPDATE "groups" SET "search_text" = group_search_text("id", "name");--> statement-breakpoint
CREATE INDEX "groups_search_trgm_idx" ON "groups" USING gin ("search_text" gin_trgm_ops);
