-- Without a location: the newest offers a consumer can claim, at most `cap` of them, those of a
-- favourite brand or aimed at one of their identifiers first (`offer_recommended`), then newest
-- first; with `only_brand`, the newest of that brand. "Can claim" as in marketplace_nearby
-- (migration 0017): active, in stock, unexpired, aimed at everyone or at one of their
-- identifiers, not already claimed by them.
--
-- Bounded work however many pins are on offer: at most `cap` offers are read from each of a few
-- index ranges, newest first, and ranked together: the newest overall (pins_active_newest_idx),
-- the newest of each favourite brand, or of the chosen one (pins_active_brand_newest_idx), and the
-- newest aimed at each of the consumer's identifiers (pin_identifiers_identifier_pin_idx; pin ids
-- grow with creation). So every recommended offer among the newest `cap` of its kind is ranked.
CREATE FUNCTION "marketplace_newest"(for_consumer integer, only_brand text, cap integer)
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
    (SELECT p.id, p.brand_id, p.created_at, p.target_identifier_ids
     FROM pins p
     WHERE only_brand IS NULL AND p.status = 'active'
       AND p.remaining > 0 AND p.expires_at > now()
       AND (p.target_identifier_ids = '{}' OR p.target_identifier_ids && my_identifiers)
       AND p.id NOT IN (
         SELECT claimed.pin_id FROM gift_cards claimed
         WHERE claimed.claimed_by = for_consumer AND claimed.pin_id IS NOT NULL)
     ORDER BY p.created_at DESC, p.id DESC
     LIMIT cap)
    UNION ALL
    (SELECT newest.*
     FROM unnest(scanned_brands) AS wanted(brand_id)
     CROSS JOIN LATERAL (
       SELECT p.id, p.brand_id, p.created_at, p.target_identifier_ids
       FROM pins p
       WHERE p.status = 'active' AND p.brand_id = wanted.brand_id
         AND p.remaining > 0 AND p.expires_at > now()
         AND (p.target_identifier_ids = '{}' OR p.target_identifier_ids && my_identifiers)
         AND p.id NOT IN (
         SELECT claimed.pin_id FROM gift_cards claimed
         WHERE claimed.claimed_by = for_consumer AND claimed.pin_id IS NOT NULL)
       ORDER BY p.created_at DESC, p.id DESC
       LIMIT cap) AS newest)
    UNION ALL
    (SELECT aimed.*
     FROM unnest(my_identifiers) AS mine(identifier_id)
     CROSS JOIN LATERAL (
       SELECT p.id, p.brand_id, p.created_at, p.target_identifier_ids
       FROM pin_identifiers target
       -- One primary-key probe per pin aimed at the identifier, newest first (OFFSET 0 keeps
       -- it a probe rather than a merge with a walk down the pins' key).
       CROSS JOIN LATERAL (
         SELECT p.id, p.brand_id, p.created_at, p.target_identifier_ids
         FROM pins p
         WHERE p.id = target.pin_id AND p.status = 'active'
           AND p.remaining > 0 AND p.expires_at > now()
         OFFSET 0) AS p
       WHERE only_brand IS NULL AND target.identifier_id = mine.identifier_id
         AND p.id NOT IN (
           SELECT claimed.pin_id FROM gift_cards claimed
           WHERE claimed.claimed_by = for_consumer AND claimed.pin_id IS NOT NULL)
       ORDER BY target.pin_id DESC
       LIMIT cap) AS aimed)
  )
  SELECT offer.id, offer.brand_id, offer.created_at, NULL::double precision, offer.recommended
  FROM (
    SELECT DISTINCT c.id, c.brand_id, c.created_at,
      (c.brand_id = ANY (my_brands) OR c.target_identifier_ids && my_identifiers) AS recommended
    FROM candidates c
  ) AS offer
  ORDER BY offer.recommended DESC, offer.created_at DESC, offer.id DESC
  LIMIT cap;
END
$$;
