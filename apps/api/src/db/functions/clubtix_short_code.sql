-- A short ticket code (docs/product.md section 20): 8 characters from 32 without look-alikes (no 0, O, 1 or I),
-- drawn by the database so that every way an attendee is made (a hold, an import, a door sale) gets one.
-- Change it here: every start applies this file (db/migrate.ts).
CREATE OR REPLACE FUNCTION clubtix_short_code() RETURNS text
LANGUAGE sql VOLATILE AS $$
  SELECT string_agg(substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', 1 + floor(random() * 32)::int, 1), '')
  FROM generate_series(1, 8)
$$;
