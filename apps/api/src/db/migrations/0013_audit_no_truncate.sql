-- The row trigger of 0008 refuses UPDATE and DELETE on the audit log; TRUNCATE fires no row
-- trigger, so a statement trigger refuses it too: the log is emptied by no statement at all.
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
