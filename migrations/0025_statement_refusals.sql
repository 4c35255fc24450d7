-- A statement that must not go on (and must not let a COMMIT sent after it in the same round trip
-- run) calls refuse(reason): it raises SQLSTATE MKR01 with the reason as its message, which the
-- server reads back. VOLATILE, so Postgres calls it only on the rows that reach it, never while
-- planning.
CREATE FUNCTION "refuse"(reason text) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'MKR01', MESSAGE = reason;
END
$$;
