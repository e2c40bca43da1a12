import { SOLD_OUT_MESSAGE } from '@grail/contract';
import type { grailCases } from '../../db/schema/index.js';
import { conflict, notFound } from '../../errors.js';

type CaseRow = typeof grailCases.$inferSelect;

export const caseNotFound = () => notFound('No Grail case with this id.');

/** 'scheduled' becomes 'active' by itself once its activation time has passed. */
export function effectiveStatus(c: CaseRow, now = new Date()): CaseRow['status'] {
  if (c.status === 'scheduled' && (!c.activationTime || c.activationTime <= now)) return 'active';
  return c.status;
}

/** Whether a case sells packs now: 'open', or why not. */
export type Openness = 'open' | 'missing' | 'closed' | 'sold_out' | 'not_yet';

/**
 * "Is the case open?", written once, as SQL over the grail_cases row `c` (an alias or the table's
 * name), with the database's clock: the draw statement takes a pull only where it is 'open', and
 * every purchase read selects it so that `assertOpen` answers why not.
 */
export const caseOpenness = (c: string) => `case
    when ${c}.status = 'draft' then 'missing'
    when ${c}.status = 'closed' then 'closed'
    when ${c}.status = 'sold_out' or ${c}.pulls_count >= ${c}.total_items then 'sold_out'
    when ${c}.activation_time > now() then 'not_yet'
    else 'open' end`;

/** A case as a purchase read it: its openness and, for the answer of one not yet open, when. */
export interface OpennessRead {
  openness: Openness;
  activation_time: string | Date | null;
}

/** 404 for no such (or draft) case; 409 for closed, sold out or not yet open. */
export function assertOpen(c: OpennessRead | undefined): void {
  if (!c || c.openness === 'missing') throw caseNotFound();
  if (c.openness === 'closed') throw conflict('This case is closed.');
  if (c.openness === 'sold_out') throw conflict(SOLD_OUT_MESSAGE);
  if (c.openness === 'not_yet') {
    const at = new Date(c.activation_time!).toISOString();
    throw conflict(`This case opens at ${at}.`, { activationTime: at });
  }
}
