import type { DemoSeedStep } from '../demo/demo.service.js';
import type { GrailAdminService } from './grail-admin.service.js';

/**
 * The demo's live case: the 64 case cards (FMV $5 to $5,200, mean about $551) committed and live
 * at once. $499.99 sits below the mean FMV, so a pack is worth its price on average, and above
 * the 85% buyback of that mean, so buying and instantly selling back is not a money machine.
 */
export const DEMO_CASE = {
  name: 'Launch Case: Modern Grails',
  description:
    'Sixty-four graded and raw cards across baseball, basketball, football, soccer and Pokemon, from $5 commons to a $5,200 Trout rookie.',
  packPrice: 499.99,
};

export function demoCaseStep(admin: GrailAdminService): DemoSeedStep {
  return async (tx, seeded) => {
    const caseId = await admin.createCase({ ...DEMO_CASE, activationTime: null }, tx);
    await admin.addCards(caseId, seeded.caseCardIds, tx);
    await admin.goLive(caseId, tx);
  };
}
