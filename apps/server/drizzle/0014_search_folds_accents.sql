-- Searches find a name whatever its accents ('sofia' finds 'Sofía'): the search texts and the typed
-- search are folded alike, lower case without the accents of Latin letters (capitals too: lower() leaves
-- them as they are under the C locale). A fixed translate() rather
-- than the unaccent extension: it is IMMUTABLE (a generated column may use it) and the same on PGlite.
CREATE FUNCTION search_fold(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(value,
    'áàâäãåāăąǎçćĉċčďđéèêëēĕėęěǵĝğġģĥħíìîïĩīĭįıǐĵķĺļľŀłñńņňŉóòôöõøōŏőǒŕŗřśŝşšșţťŧțúùûüũūŭůűųǔŵýÿŷźżžÁÀÂÄÃÅĀĂĄǍÇĆĈĊČĎĐÉÈÊËĒĔĖĘĚǴĜĞĠĢĤĦÍÌÎÏĨĪĬĮIǏĴĶĹĻĽĿŁÑŃŅŇÓÒÔÖÕØŌŎŐǑŔŖŘŚŜŞŠȘŢŤŦȚÚÙÛÜŨŪŬŮŰŲǓŴÝŸŶŹŻŽ',
    'aaaaaaaaaacccccddeeeeeeeeeggggghhiiiiiiiiiijklllllnnnnnoooooooooorrrsssssttttuuuuuuuuuuuwyyyzzzaaaaaaaaaacccccddeeeeeeeeeggggghhiiiiiiiiiijklllllnnnnoooooooooorrrsssssttttuuuuuuuuuuuwyyyzzz')
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION group_search_text(gid uuid, gname text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT search_fold(lower(concat_ws(E'\n', gname,
    (SELECT b.email FROM billing_information b WHERE b.group_id = gid),
    (SELECT string_agg(m.email, E'\n' ORDER BY m.email)
       FROM group_members gm JOIN family_members m ON m.id = gm.member_id WHERE gm.group_id = gid))))
$$;--> statement-breakpoint
UPDATE "groups" SET "search_text" = group_search_text("id", "name");--> statement-breakpoint
ALTER TABLE "entities" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "entities" ADD COLUMN "search_text" text GENERATED ALWAYS AS (search_fold(lower(name || chr(10) || email))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "entities_search_trgm_idx" ON "entities" USING gin ("search_text" gin_trgm_ops);
