-- Which pins are offered to a consumer, written once (offered_pins), and the pieces it is made of,
-- for every reader: the marketplace near a point and anywhere, its search, and the claim.

-- A pin's reach: a box in (longitude, latitude) degrees holding every point within `radius_miles`
-- great-circle miles of (lat, lng), for a GiST index to search (`pin_reach(…) @> box(point,
-- point)`). The latitude span is radius ÷ 69.05 (a degree of latitude is 69.09 miles, so the span
-- is never too small); the longitude span is that of the spherical cap, asin(sin r ÷ cos lat), or
-- every longitude when the cap holds a pole or crosses the antimeridian.
-- pins_active_reach_nearest_idx holds its value per pin: a new body needs a new index.
CREATE FUNCTION "pin_reach"(lat double precision, lng double precision, radius_miles integer)
RETURNS box LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT box(
    point(CASE WHEN every_longitude THEN -180 ELSE lng - longitude_span END, lat - latitude_span),
    point(CASE WHEN every_longitude THEN 180 ELSE lng + longitude_span END, lat + latitude_span))
  FROM (SELECT radius_miles::double precision / 69.05 AS latitude_span) AS latitude
  CROSS JOIN LATERAL (SELECT CASE WHEN latitude_span >= 90 - abs(lat) THEN 180
      ELSE degrees(asin(least(1, sin(radians(latitude_span)) / cos(radians(lat))))) END
    AS longitude_span) AS longitude
  CROSS JOIN LATERAL (SELECT lng - longitude_span < -180 OR lng + longitude_span > 180
    AS every_longitude) AS wraps
$$;
--> statement-breakpoint
-- Where a point lies on a Mercator map, in degrees: (longitude, Mercator y). The projection keeps
-- shapes locally, so near a point the map distance is the great-circle distance times one factor
-- in every direction, and a KNN search by map distance (`<->`) yields pins nearest first; in
-- plain degrees a mile east would count up to 1.5× a mile north across the US. Latitudes are
-- clamped to ±89° (the projection is infinite at the poles).
CREATE FUNCTION "map_point"(lat double precision, lng double precision)
RETURNS point LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT point(lng, degrees(ln(tan(radians(45 + least(89, greatest(-89, lat)) / 2)))))
$$;
--> statement-breakpoint
-- Great-circle miles between two points (haversine, on a sphere of 3,958.8 miles).
CREATE FUNCTION "great_circle_miles"(
  from_lat double precision, from_lng double precision, to_lat double precision, to_lng double precision
) RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 3958.8::double precision * 2 * asin(least(1, sqrt(
    power(sin(radians(from_lat - to_lat) / 2), 2) +
    cos(radians(to_lat)) * cos(radians(from_lat)) * power(sin(radians(from_lng - to_lng) / 2), 2))))
$$;
--> statement-breakpoint
DROP INDEX "pins_active_reach_nearest_idx";
--> statement-breakpoint
CREATE INDEX "pins_active_reach_nearest_idx" ON "pins" USING gist (
  pin_reach("lat", "lng", "radius_miles"), map_point("lat", "lng")
) WHERE "pins"."status" = 'active';
--> statement-breakpoint
-- A pin's own part of being on offer, as its row says: active, cards left, not expired. A
-- one-expression SQL function, so Postgres writes it into the query that calls it: the partial
-- indexes on active pins still apply, and a claim's UPDATE checks it again on the row it locks.
CREATE FUNCTION "pin_on_offer"(pin pins) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT pin.status = 'active' AND pin.remaining > 0 AND pin.expires_at > now()
$$;
--> statement-breakpoint
-- Whether a pin is aimed at a consumer holding `identifiers`: a pin aimed at no identifier ('{}')
-- is for everyone, one aimed at some only for the holders of one of them.
CREATE FUNCTION "pin_aimed_at"(pin pins, identifiers integer[]) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT pin.target_identifier_ids = '{}' OR pin.target_identifier_ids && identifiers
$$;
--> statement-breakpoint
-- The pins offered to a consumer: on offer, aimed at them, and not claimed by them yet. A
-- single-SELECT SQL function, so Postgres inlines it into each caller's query and plans it with
-- the caller's order and limit (a KNN scan, the newest of a brand, one pin by key). The pins the
-- consumer claimed are read once from gift_cards_claimant_idx (`not in` a subquery without nulls
-- is a hashed subplan), not looked up pin by pin.
CREATE FUNCTION "offered_pins"(for_consumer integer) RETURNS SETOF pins
LANGUAGE sql STABLE AS $$
  SELECT pin.* FROM pins pin
  WHERE pin_on_offer(pin)
    AND pin_aimed_at(pin, array(
      SELECT mine.identifier_id FROM user_identifiers mine WHERE mine.user_id = for_consumer))
    AND pin.id NOT IN (
      SELECT claimed.pin_id FROM gift_cards claimed
      WHERE claimed.claimed_by = for_consumer AND claimed.pin_id IS NOT NULL)
$$;
--> statement-breakpoint
-- The same, for a consumer at (at_lat, at_lng): those whose radius reaches the point. The reach
-- box is tested first (what pins_active_reach_nearest_idx answers), then the exact distance. An
-- overload rather than a nullable point: `at_lat IS NULL OR …` could not use the index in a
-- prepared statement's generic plan.
CREATE FUNCTION "offered_pins"(
  for_consumer integer, at_lat double precision, at_lng double precision
) RETURNS SETOF pins LANGUAGE sql STABLE AS $$
  SELECT pin.* FROM offered_pins(for_consumer) pin
  WHERE pin_reach(pin.lat, pin.lng, pin.radius_miles) @> box(point(at_lng, at_lat), point(at_lng, at_lat))
    AND great_circle_miles(pin.lat, pin.lng, at_lat, at_lng) <= pin.radius_miles
$$;
--> statement-breakpoint
-- Whether an offer is recommended to a consumer: of one of their favourite brands, or aimed at
-- one of their identifiers.
CREATE FUNCTION "offer_recommended"(pin pins, brands text[], identifiers integer[])
RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT pin.brand_id = ANY (brands) OR pin.target_identifier_ids && identifiers
$$;
--> statement-breakpoint
-- The offers for a consumer at (at_lat, at_lng), nearest first, at most `cap` of them, of
-- `only_brand` when it is not null.
--
-- One KNN scan of pins_active_reach_nearest_idx: its first column (pin_reach) keeps only the pins
-- that may reach the point, its second (map_point) yields them nearest first, and the scan stops
-- at the cap, so the work is bounded however many pins reach a dense city. The planner would
-- otherwise pick a bitmap scan of every reaching pin and a sort (it cannot estimate how many boxes
-- hold a point): bitmap scans and sorts are off inside this function. PL/pgSQL keeps the
-- statement's plan per session. ROWS 100 (the cap) tells the caller's planner how many rows to
-- expect, so that it joins the page's few offers to their pins by key.
CREATE OR REPLACE FUNCTION "marketplace_nearby"(
  for_consumer integer, at_lat double precision, at_lng double precision, only_brand text, cap integer
) RETURNS TABLE (
  offer_id integer, offer_brand text, offer_created_at timestamptz,
  offer_distance_miles double precision, offer_recommended boolean
) LANGUAGE plpgsql STABLE ROWS 100
SET enable_bitmapscan = off
SET enable_sort = off
AS $$
DECLARE
  my_brands text[] := array(SELECT ub.brand_id FROM user_brands ub WHERE ub.user_id = for_consumer);
  my_identifiers integer[] := array(
    SELECT ui.identifier_id FROM user_identifiers ui WHERE ui.user_id = for_consumer);
BEGIN
  RETURN QUERY
  SELECT p.id, p.brand_id, p.created_at, great_circle_miles(p.lat, p.lng, at_lat, at_lng),
    offer_recommended(p, my_brands, my_identifiers)
  FROM offered_pins(for_consumer, at_lat, at_lng) p
  WHERE only_brand IS NULL OR p.brand_id = only_brand
  ORDER BY map_point(p.lat, p.lng) <-> map_point(at_lat, at_lng)
  LIMIT cap;
END
$$;
--> statement-breakpoint
-- Without a location: the newest offers for a consumer, at most `cap` of them, the recommended
-- ones first, then newest first; with `only_brand`, the newest of that brand.
--
-- Bounded work however many pins are on offer: at most `cap` offers are read from each of a few
-- index ranges, newest first, and ranked together: the newest overall (pins_active_newest_idx),
-- the newest of each favourite brand, or of the chosen one (pins_active_brand_newest_idx), and the
-- newest aimed at each of the consumer's identifiers (pin_identifiers_identifier_pin_idx; pin ids
-- grow with creation). So every recommended offer among the newest `cap` of its kind is ranked.
CREATE OR REPLACE FUNCTION "marketplace_newest"(for_consumer integer, only_brand text, cap integer)
RETURNS TABLE (
  offer_id integer, offer_brand text, offer_created_at timestamptz,
  offer_distance_miles double precision, offer_recommended boolean
) LANGUAGE plpgsql STABLE ROWS 100
AS $$
DECLARE
  my_brands text[] := array(SELECT ub.brand_id FROM user_brands ub WHERE ub.user_id = for_consumer);
  my_identifiers integer[] := array(
    SELECT ui.identifier_id FROM user_identifiers ui WHERE ui.user_id = for_consumer);
  scanned_brands text[] := CASE WHEN only_brand IS NULL THEN my_brands ELSE ARRAY[only_brand] END;
BEGIN
  RETURN QUERY
  WITH candidates AS (
    (SELECT p.id, p.brand_id, p.created_at, offer_recommended(p, my_brands, my_identifiers) AS recommended
     FROM offered_pins(for_consumer) p
     WHERE only_brand IS NULL
     ORDER BY p.created_at DESC, p.id DESC
     LIMIT cap)
    UNION ALL
    (SELECT newest.*
     FROM unnest(scanned_brands) AS wanted(brand_id)
     CROSS JOIN LATERAL (
       SELECT p.id, p.brand_id, p.created_at, offer_recommended(p, my_brands, my_identifiers)
       FROM offered_pins(for_consumer) p
       WHERE p.brand_id = wanted.brand_id
       ORDER BY p.created_at DESC, p.id DESC
       LIMIT cap) AS newest)
    UNION ALL
    (SELECT aimed.*
     FROM unnest(my_identifiers) AS mine(identifier_id)
     CROSS JOIN LATERAL (
       SELECT p.id, p.brand_id, p.created_at, p.recommended
       FROM pin_identifiers target
       -- One primary-key probe per pin aimed at the identifier, newest first (OFFSET 0 keeps
       -- it a probe rather than a merge with a walk down the pins' key).
       CROSS JOIN LATERAL (
         SELECT p.id, p.brand_id, p.created_at, offer_recommended(p, my_brands, my_identifiers) AS recommended
         FROM offered_pins(for_consumer) p
         WHERE p.id = target.pin_id
         OFFSET 0) AS p
       WHERE only_brand IS NULL AND target.identifier_id = mine.identifier_id
       ORDER BY target.pin_id DESC
       LIMIT cap) AS aimed)
  )
  SELECT DISTINCT c.id, c.brand_id, c.created_at, NULL::double precision, c.recommended
  FROM candidates c
  ORDER BY c.recommended DESC, c.created_at DESC, c.id DESC
  LIMIT cap;
END
$$;
