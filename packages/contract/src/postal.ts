import type { z } from 'zod';

/**
 * Postal code and state rules of the countries whose format is known, checked the same way in the
 * browser and on the server. Other countries keep the address form's length checks only.
 */
interface PostalRule {
  postalCode: RegExp;
  postalMessage: string;
  /** The codes the state field accepts; none where any region name goes. */
  states?: ReadonlySet<string>;
  stateMessage?: string;
}

// prettier-ignore
const US_STATES = new Set([
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA',
  'KS', 'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM',
  'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA',
  'WV', 'WI', 'WY', 'AS', 'GU', 'MP', 'PR', 'VI', 'UM', 'AA', 'AE', 'AP',
]);
// prettier-ignore
const CA_PROVINCES = new Set([
  'AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT',
]);

export const POSTAL_RULES: Readonly<Record<string, PostalRule>> = {
  US: {
    postalCode: /^\d{5}(-\d{4})?$/,
    postalMessage: 'Enter a 5-digit ZIP code, such as 97201 or 97201-1234.',
    states: US_STATES,
    stateMessage: 'Enter the 2-letter state code, such as OR or NY.',
  },
  CA: {
    postalCode: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/i,
    postalMessage: 'Enter a postal code such as K1A 0B1.',
    states: CA_PROVINCES,
    stateMessage: 'Enter the 2-letter province code, such as ON or BC.',
  },
  GB: {
    postalCode: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i,
    postalMessage: 'Enter a postcode such as SW1A 1AA.',
  },
};

/** A superRefine for an address: flags the postal code and the state against the country's rule. */
export function checkPostalRules(
  address: { country: string; postalCode: string; state: string },
  ctx: z.core.$RefinementCtx,
): void {
  const rule = POSTAL_RULES[address.country];
  if (!rule) return;
  if (!rule.postalCode.test(address.postalCode.trim())) {
    ctx.addIssue({ code: 'custom', path: ['postalCode'], message: rule.postalMessage });
  }
  if (rule.states && !rule.states.has(address.state.trim().toUpperCase())) {
    ctx.addIssue({ code: 'custom', path: ['state'], message: rule.stateMessage });
  }
}
