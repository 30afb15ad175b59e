-- Names sort as people read them: 'Spam Bot 2' before 'Spam Bot 10'. Each run of digits is padded to
-- 20 places (a longer run is kept whole, and still sorts after every shorter one); letters are folded
-- as searches fold them. IMMUTABLE, so a stored column keeps each entity's key: a list orders by an
-- index instead of working the key out for every row of every page. (search_fold is named with its
-- schema: a stored column and an index are computed with an empty search path.)
CREATE FUNCTION natural_sort_key(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(
    CASE WHEN part.m[1] ~ '^[0-9]' AND length(part.m[1]) < 20 THEN lpad(part.m[1], 20, '0') ELSE part.m[1] END,
    '' ORDER BY part.n), '')
  FROM regexp_matches(public.search_fold(lower(value)), '([0-9]+|[^0-9]+)', 'g') WITH ORDINALITY AS part(m, n)
$$;--> statement-breakpoint
DROP INDEX "entities_name_order_idx";--> statement-breakpoint
ALTER TABLE "entities" ADD COLUMN "name_sort" text GENERATED ALWAYS AS (natural_sort_key(name)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "entities_name_order_idx" ON "entities" USING btree ("name_sort","id");