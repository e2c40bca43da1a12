-- The vault (decision 024): a pull's state is its holding's, so the sell-back that lets a pulled
-- card return to inventory is read from the holding (sold_back), no longer from pulls.status.
CREATE OR REPLACE FUNCTION "grail_cards_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
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
        SELECT 1 FROM "holdings" h
        WHERE h.card_id = OLD.id AND h.source = 'pull' AND h.state = 'sold_back'))
    ) THEN
      RAISE EXCEPTION 'card % is held by a committed Grail case or a collector: status % cannot become %',
        OLD.id, OLD.status, NEW.status
        USING ERRCODE = 'GC001', TABLE = 'cards', CONSTRAINT = 'grail_card_committed';
    END IF;
  END IF;
  RETURN NEW;
END
$$;
