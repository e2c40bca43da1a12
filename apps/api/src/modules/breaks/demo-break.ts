import { BreakInput, TEAM_PRESETS } from '@grail/contract';
import type { DemoSeedStep } from '../demo/demo.service.js';
import type { BreaksAdminService } from './breaks-admin.service.js';

const DAY_MS = 24 * 3_600_000;

/**
 * The demo's break, on sale from the first start so a visitor finds one on /breaks: a random-team
 * break of every MLB team. Sales close 30 days after the first start, and it runs then if at
 * least two spots sold (otherwise it is cancelled and refunded, like any break).
 */
export const demoBreakInput = (now: Date) =>
  BreakInput.parse({
    title: 'Demo Break: Topps Chrome Baseball Hobby, 2 boxes',
    description:
      'A random-team break of all 30 MLB teams: each spot is drawn a team when the break runs, and every hit of that team ships to its holder.',
    sport: 'Baseball',
    boxes: 2,
    packsPerBox: 20,
    format: 'random_team',
    spotPrice: 19.99,
    teams: TEAM_PRESETS.MLB.map((name) => ({ name })),
    minSpots: 2,
    salesDeadline: new Date(now.getTime() + 30 * DAY_MS).toISOString(),
    scheduledAt: new Date(now.getTime() + 30 * DAY_MS + 3_600_000).toISOString(),
  });

export function demoBreakStep(admin: BreaksAdminService): DemoSeedStep {
  return async (tx) => {
    await admin.createOnSale(demoBreakInput(new Date()), tx);
  };
}
