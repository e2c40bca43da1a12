-- A pack purchase first tries to finish in one round trip (grail.service.ts): its batch checks,
-- before any write, that nothing calls for the full path (a repeated Idempotency-Key, an ended
-- session or changed client seed, a responsible-play control, a changed case). This stops the
-- batch there, and the transaction rolls back having written nothing.
CREATE FUNCTION "pack_purchase_fast_path"(ok boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ok IS NOT TRUE THEN
    RAISE EXCEPTION 'this pack purchase takes the full path' USING ERRCODE = 'GP001';
  END IF;
END
$$;
