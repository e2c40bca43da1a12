import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** Every WCAG 2.x level A and AA rule set, with axe's best practices as before. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * axe's experimental rules under those WCAG tags (axe-core 4.13: `axe.getRules(['experimental'])`),
 * which axe leaves off unless named: label in name (2.5.3) among them.
 */
const EXPERIMENTAL_WCAG_RULES = [
  'css-orientation-lock',
  'label-content-name-mismatch',
  'p-as-heading',
  'table-fake-caption',
  'td-has-header',
];

/** An axe run over the page with every WCAG 2.x A/AA rule on, the experimental ones included. */
export const wcagAxe = (page: Page) =>
  new AxeBuilder({ page })
    .options({
      rules: Object.fromEntries(EXPERIMENTAL_WCAG_RULES.map((id) => [id, { enabled: true }])),
    })
    .withTags(TAGS);

/**
 * An axe run of the colour contrast rule alone: what a second theme can change, the markup and
 * every other rule being the same in both.
 */
export const contrastAxe = (page: Page) => new AxeBuilder({ page }).withRules(['color-contrast']);
