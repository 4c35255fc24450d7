-- The offers a consumer at (at_lat, at_lng) can claim, nearest first, at most `cap` of them: active
-- pins in stock and unexpired whose radius reaches the point, aimed at everyone or at one of the
-- consumer's identifiers, not already claimed by them, of `only_brand` when it is not null.
-- `offer_recommended`: of a favourite brand or aimed at one of their identifiers.
--
-- One KNN scan of pins_active_reach_nearest_idx: its first column (the reach box, pinReach in
-- shared/schema/pins.ts) keeps only the pins that may reach the point, its second (the pin on a
-- Mercator map, mapPoint) yields them nearest first, and the scan stops at the cap, so the work
-- is bounded however many pins reach a dense city. The planner would otherwise pick a bitmap scan
-- of every reaching pin and a sort (it cannot estimate how many boxes hold a point): bitmap scans
-- and sorts are off inside this function. PL/pgSQL keeps the statement's plan per session.
-- ROWS 100 (the cap) tells the caller's planner how many rows to expect, so that it joins the
-- page's few offers to their pins by key.
CREATE FUNCTION "marketplace_nearby"(
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
  SELECT p.id, p.brand_id, p.created_at, reach.miles,
    (p.brand_id = ANY (my_brands) OR p.target_identifier_ids && my_identifiers)
  FROM pins p
  CROSS JOIN LATERAL (SELECT 3958.8::double precision * 2 * asin(least(1, sqrt(
      power(sin(radians(p.lat - at_lat) / 2), 2) +
      cos(radians(at_lat)) * cos(radians(p.lat)) * power(sin(radians(p.lng - at_lng) / 2), 2)
    ))) AS miles) AS reach
  WHERE p.status = 'active'
    AND box(
    point(case when (p.lng - (case when (p.radius_miles::double precision / 69.05) >= 90 - abs(p.lat) then 180
    else degrees(asin(least(1, sin(radians((p.radius_miles::double precision / 69.05))) / cos(radians(p.lat))))) end) < -180 or p.lng + (case when (p.radius_miles::double precision / 69.05) >= 90 - abs(p.lat) then 180
    else degrees(asin(least(1, sin(radians((p.radius_miles::double precision / 69.05))) / cos(radians(p.lat))))) end) > 180) then -180 else p.lng - (case when (p.radius_miles::double precision / 69.05) >= 90 - abs(p.lat) then 180
    else degrees(asin(least(1, sin(radians((p.radius_miles::double precision / 69.05))) / cos(radians(p.lat))))) end) end, p.lat - (p.radius_miles::double precision / 69.05)),
    point(case when (p.lng - (case when (p.radius_miles::double precision / 69.05) >= 90 - abs(p.lat) then 180
    else degrees(asin(least(1, sin(radians((p.radius_miles::double precision / 69.05))) / cos(radians(p.lat))))) end) < -180 or p.lng + (case when (p.radius_miles::double precision / 69.05) >= 90 - abs(p.lat) then 180
    else degrees(asin(least(1, sin(radians((p.radius_miles::double precision / 69.05))) / cos(radians(p.lat))))) end) > 180) then 180 else p.lng + (case when (p.radius_miles::double precision / 69.05) >= 90 - abs(p.lat) then 180
    else degrees(asin(least(1, sin(radians((p.radius_miles::double precision / 69.05))) / cos(radians(p.lat))))) end) end, p.lat + (p.radius_miles::double precision / 69.05))) @> box(point(at_lng, at_lat), point(at_lng, at_lat))
    AND p.remaining > 0 AND p.expires_at > now()
    AND reach.miles <= p.radius_miles
    AND (p.target_identifier_ids = '{}' OR p.target_identifier_ids && my_identifiers)
    AND (only_brand IS NULL OR p.brand_id = only_brand)
    AND p.id NOT IN (
      SELECT claimed.pin_id FROM gift_cards claimed
      WHERE claimed.claimed_by = for_consumer AND claimed.pin_id IS NOT NULL)
  ORDER BY point(p.lng, degrees(ln(tan(radians(45 + least(89, greatest(-89, p.lat)) / 2))))) <-> point(at_lng, degrees(ln(tan(radians(45 + least(89, greatest(-89, at_lat)) / 2)))))
  LIMIT cap;
END
$$;
