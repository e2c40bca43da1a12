-- Every pack purchase updates its case's row (the pull count) and marks one of its case_cards rows,
-- and migration 0007's commitment guards ran PL/pgSQL for both. The rules stay as they were:
-- the case's guard is now its trigger's WHEN condition, so an update that keeps the rule runs no
-- function at all, and the case card's guard reads its case once when the card stays in it.
DROP TRIGGER "grail_cases_commitment" ON "grail_cases";
--> statement-breakpoint
DROP FUNCTION "grail_cases_guard"();
--> statement-breakpoint
CREATE FUNCTION "grail_cases_refuse"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'Grail case % is committed: it cannot be deleted', OLD.id
      USING ERRCODE = 'GC002', TABLE = 'grail_cases', CONSTRAINT = 'grail_case_committed';
  END IF;
  RAISE EXCEPTION 'Grail case % is committed: its price, tiers, timing and commitments are fixed', OLD.id
    USING ERRCODE = 'GC002', TABLE = 'grail_cases', CONSTRAINT = 'grail_case_committed';
END
$$;
--> statement-breakpoint
-- A committed case keeps its price, tiers, activation time, commitments, size and go-live time,
-- never becomes a draft again, stays closed once closed, and is never deleted.
CREATE TRIGGER "grail_cases_commitment" BEFORE UPDATE ON "grail_cases"
  FOR EACH ROW WHEN (
    OLD.status <> 'draft' AND (
      NEW.status = 'draft'
      OR (OLD.status = 'closed' AND NEW.status <> 'closed')
      OR (NEW.pack_price_cents, NEW.tiers, NEW.activation_time, NEW.server_seed_hash,
          NEW.contents_hash, NEW.total_items, NEW.live_at)
         IS DISTINCT FROM (OLD.pack_price_cents, OLD.tiers, OLD.activation_time,
          OLD.server_seed_hash, OLD.contents_hash, OLD.total_items, OLD.live_at)
    )
  ) EXECUTE FUNCTION "grail_cases_refuse"();
--> statement-breakpoint
CREATE TRIGGER "grail_cases_no_delete" BEFORE DELETE ON "grail_cases"
  FOR EACH ROW WHEN (OLD.status <> 'draft') EXECUTE FUNCTION "grail_cases_refuse"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "grail_case_cards_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_status text;
  new_status text;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    SELECT status INTO old_status FROM "grail_cases" WHERE id = OLD.case_id;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.case_id = OLD.case_id THEN
    new_status := old_status;
  ELSIF TG_OP <> 'DELETE' THEN
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
