-- An activation time outside 2000..2100 is no real drop, and the drivers read years below 100 as
-- an invalid date (the case lists failed on such a row): clear them before the range check.
UPDATE "grail_cases" SET "activation_time" = NULL
WHERE "activation_time" < '2000-01-01T00:00:00Z' OR "activation_time" >= '2100-01-01T00:00:00Z';
--> statement-breakpoint
ALTER TABLE "grail_cases" ADD CONSTRAINT "grail_cases_activation_in_range" CHECK ("grail_cases"."activation_time" is null or ("grail_cases"."activation_time" >= '2000-01-01T00:00:00Z' and "grail_cases"."activation_time" < '2100-01-01T00:00:00Z'));
--> statement-breakpoint
-- Once a case is committed (scheduled, active, sold out or closed), what its published contents
-- hash and value rest on cannot change. SQLSTATE GC001 = a committed card, GC002 = a committed
-- case or its contents, GC003 = a recorded pull; the API answers 409 for each.
--
-- cards: a card of a committed case keeps its FMV, grader, grade, grade value and cert number for
-- good (the fairness record is recomputed from them). While the case holds it (in_case) or a
-- collector owns it (pulled), its identity (name, player, year, set, number, sport, team,
-- variant) is fixed too, and its status moves only by the draw (in_case -> pulled, case open),
-- the close (in_case -> available, case closed) and the sell-back (pulled -> available, pull
-- sold back). A card back in inventory may be renamed, repriced, re-imaged and sold in the store.
CREATE FUNCTION "grail_cards_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  case_status text;
  committed_changed boolean := (NEW.fmv_cents, NEW.grader, NEW.grade, NEW.grade_value, NEW.cert_number)
    IS DISTINCT FROM (OLD.fmv_cents, OLD.grader, OLD.grade, OLD.grade_value, OLD.cert_number);
  identity_changed boolean :=
    (NEW.name, NEW.player, NEW.year, NEW.set_name, NEW.card_number, NEW.sport, NEW.team, NEW.variant)
    IS DISTINCT FROM
    (OLD.name, OLD.player, OLD.year, OLD.set_name, OLD.card_number, OLD.sport, OLD.team, OLD.variant);
  status_changed boolean := NEW.status IS DISTINCT FROM OLD.status;
BEGIN
  IF NOT (committed_changed OR identity_changed OR status_changed) THEN
    RETURN NEW;
  END IF;
  SELECT g.status INTO case_status
  FROM "case_cards" cc JOIN "grail_cases" g ON g.id = cc.case_id
  WHERE cc.card_id = OLD.id;
  IF case_status IS NULL OR case_status = 'draft' THEN
    RETURN NEW;
  END IF;
  IF committed_changed THEN
    RAISE EXCEPTION 'card % is in a committed Grail case: its FMV, grader, grade and cert number are fixed', OLD.id
      USING ERRCODE = 'GC001', TABLE = 'cards', CONSTRAINT = 'grail_card_committed';
  END IF;
  IF OLD.status IN ('in_case', 'pulled') THEN
    IF identity_changed THEN
      RAISE EXCEPTION 'card % is held by a committed Grail case or a collector: it cannot be renamed', OLD.id
        USING ERRCODE = 'GC001', TABLE = 'cards', CONSTRAINT = 'grail_card_committed';
    END IF;
    IF status_changed AND NOT (
      (OLD.status = 'in_case' AND NEW.status = 'pulled' AND case_status IN ('active', 'sold_out'))
      OR (OLD.status = 'in_case' AND NEW.status = 'available' AND case_status = 'closed')
      OR (OLD.status = 'pulled' AND NEW.status = 'available' AND EXISTS (
        SELECT 1 FROM "pulls" p WHERE p.card_id = OLD.id AND p.status = 'sold_back'))
    ) THEN
      RAISE EXCEPTION 'card % is held by a committed Grail case or a collector: status % cannot become %',
        OLD.id, OLD.status, NEW.status
        USING ERRCODE = 'GC001', TABLE = 'cards', CONSTRAINT = 'grail_card_committed';
    END IF;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "cards_grail_commitment" BEFORE UPDATE ON "cards"
  FOR EACH ROW EXECUTE FUNCTION "grail_cards_guard"();
--> statement-breakpoint
-- case_cards: a committed case gains and loses no card, positions stay, and the only change is
-- the draw marking a card pulled while the case is open.
CREATE FUNCTION "grail_case_cards_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_status text;
  new_status text;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    SELECT status INTO old_status FROM "grail_cases" WHERE id = OLD.case_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    SELECT status INTO new_status FROM "grail_cases" WHERE id = NEW.case_id;
  END IF;
  IF TG_OP = 'INSERT' THEN
    IF new_status <> 'draft' THEN
      RAISE EXCEPTION 'Grail case % is committed: no card can be added', NEW.case_id
        USING ERRCODE = 'GC002', TABLE = 'case_cards', CONSTRAINT = 'grail_case_committed';
    END IF;
    RETURN NEW;
  ELSIF TG_OP = 'DELETE' THEN
    IF old_status <> 'draft' THEN
      RAISE EXCEPTION 'Grail case % is committed: no card can be taken out', OLD.case_id
        USING ERRCODE = 'GC002', TABLE = 'case_cards', CONSTRAINT = 'grail_case_committed';
    END IF;
    RETURN OLD;
  END IF;
  IF old_status = 'draft' AND new_status = 'draft' THEN
    RETURN NEW;
  END IF;
  IF (NEW.case_id, NEW.card_id, NEW.position, NEW.added_at)
       IS NOT DISTINCT FROM (OLD.case_id, OLD.card_id, OLD.position, OLD.added_at)
     AND (NEW.pulled = OLD.pulled OR (NOT OLD.pulled AND old_status IN ('active', 'sold_out'))) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'Grail case % is committed: its contents and positions are fixed', OLD.case_id
    USING ERRCODE = 'GC002', TABLE = 'case_cards', CONSTRAINT = 'grail_case_committed';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "case_cards_grail_commitment" BEFORE INSERT OR UPDATE OR DELETE ON "case_cards"
  FOR EACH ROW EXECUTE FUNCTION "grail_case_cards_guard"();
--> statement-breakpoint
-- grail_cases: a committed case keeps its price, tiers, activation time, commitments, size and
-- go-live time, never becomes a draft again, stays closed once closed, and is never deleted. The
-- sealed seed itself may be re-sealed (a key rotation): its published hash stays.
CREATE FUNCTION "grail_cases_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.status <> 'draft' THEN
      RAISE EXCEPTION 'Grail case % is committed: it cannot be deleted', OLD.id
        USING ERRCODE = 'GC002', TABLE = 'grail_cases', CONSTRAINT = 'grail_case_committed';
    END IF;
    RETURN OLD;
  END IF;
  IF OLD.status = 'draft' THEN
    RETURN NEW;
  END IF;
  IF NEW.status = 'draft'
     OR (OLD.status = 'closed' AND NEW.status <> 'closed')
     OR (NEW.pack_price_cents, NEW.tiers, NEW.activation_time, NEW.server_seed_hash,
         NEW.contents_hash, NEW.total_items, NEW.live_at)
        IS DISTINCT FROM (OLD.pack_price_cents, OLD.tiers, OLD.activation_time,
         OLD.server_seed_hash, OLD.contents_hash, OLD.total_items, OLD.live_at) THEN
    RAISE EXCEPTION 'Grail case % is committed: its price, tiers, timing and commitments are fixed', OLD.id
      USING ERRCODE = 'GC002', TABLE = 'grail_cases', CONSTRAINT = 'grail_case_committed';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "grail_cases_commitment" BEFORE UPDATE OR DELETE ON "grail_cases"
  FOR EACH ROW EXECUTE FUNCTION "grail_cases_guard"();
--> statement-breakpoint
-- pulls: the draw's proof and the amounts recorded with it (pack price, FMV at pull time, which
-- the sell-back pays from) are written once by the statement that records the pull.
CREATE FUNCTION "grail_pulls_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.id, NEW.case_id, NEW.user_id, NEW.card_id, NEW.k, NEW.client_seed, NEW.remaining_before,
      NEW.draw_index, NEW.position, NEW.price_cents, NEW.fmv_cents)
     IS DISTINCT FROM
     (OLD.id, OLD.case_id, OLD.user_id, OLD.card_id, OLD.k, OLD.client_seed, OLD.remaining_before,
      OLD.draw_index, OLD.position, OLD.price_cents, OLD.fmv_cents) THEN
    RAISE EXCEPTION 'pull % is recorded: its proof, price and FMV are fixed', OLD.id
      USING ERRCODE = 'GC003', TABLE = 'pulls', CONSTRAINT = 'grail_pull_recorded';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "pulls_recorded" BEFORE UPDATE ON "pulls"
  FOR EACH ROW EXECUTE FUNCTION "grail_pulls_guard"();
