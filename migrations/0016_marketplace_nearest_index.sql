DROP INDEX "pins_active_reach_idx";--> statement-breakpoint
CREATE INDEX "pins_active_reach_nearest_idx" ON "pins" USING gist (box(
    point(case when ("lng" - (case when ("radius_miles"::double precision / 69.05) >= 90 - abs("lat") then 180
    else degrees(asin(least(1, sin(radians(("radius_miles"::double precision / 69.05))) / cos(radians("lat"))))) end) < -180 or "lng" + (case when ("radius_miles"::double precision / 69.05) >= 90 - abs("lat") then 180
    else degrees(asin(least(1, sin(radians(("radius_miles"::double precision / 69.05))) / cos(radians("lat"))))) end) > 180) then -180 else "lng" - (case when ("radius_miles"::double precision / 69.05) >= 90 - abs("lat") then 180
    else degrees(asin(least(1, sin(radians(("radius_miles"::double precision / 69.05))) / cos(radians("lat"))))) end) end, "lat" - ("radius_miles"::double precision / 69.05)),
    point(case when ("lng" - (case when ("radius_miles"::double precision / 69.05) >= 90 - abs("lat") then 180
    else degrees(asin(least(1, sin(radians(("radius_miles"::double precision / 69.05))) / cos(radians("lat"))))) end) < -180 or "lng" + (case when ("radius_miles"::double precision / 69.05) >= 90 - abs("lat") then 180
    else degrees(asin(least(1, sin(radians(("radius_miles"::double precision / 69.05))) / cos(radians("lat"))))) end) > 180) then 180 else "lng" + (case when ("radius_miles"::double precision / 69.05) >= 90 - abs("lat") then 180
    else degrees(asin(least(1, sin(radians(("radius_miles"::double precision / 69.05))) / cos(radians("lat"))))) end) end, "lat" + ("radius_miles"::double precision / 69.05))),point("lng", degrees(ln(tan(radians(45 + least(89, greatest(-89, "lat")) / 2)))))) WHERE "pins"."status" = 'active';