import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { parseCsv } from '../../lib/csv.js';

/**
 * The curated demo catalogue: real-looking cards across sports, graded by PSA, BGS and SGC or raw.
 * Prices are dollars here for readability; the seed converts them to cents.
 */
export interface DemoCard {
  player: string;
  sport: string;
  team: string;
  year: number;
  setName: string;
  cardNumber: string;
  variant: string | null;
  grader: 'PSA' | 'BGS' | 'SGC' | null;
  grade: string | null;
  gradeValue: number | null;
  conditionNote: string | null;
  fmv: number;
  /** Store price as a multiple of FMV; null keeps the card for the Grail case. */
  storeMarkup: number | null;
}

/** One line of catalogue.csv, as the loader accepts it. */
const CatalogueRow = z.object({
  use: z.enum(['case', 'store']),
  player: z.string().min(1).max(80),
  sport: z.string().min(1).max(40),
  team: z.string().min(1).max(80),
  year: z.coerce.number().int().min(1900).max(2100),
  set: z.string().min(1).max(80),
  number: z.string().min(1).max(20),
  variant: z
    .string()
    .max(60)
    .transform((v) => v || null),
  grade: z
    .string()
    .regex(
      /^(PSA|BGS|SGC) \d{1,2}(\.5)?$|^Raw [A-Z-]+$/,
      'must be "PSA 10", "BGS 9.5", "SGC 9" or "Raw NM"',
    ),
  fmv: z.coerce.number().positive().max(1_000_000).multipleOf(0.01),
});
type CatalogueRow = z.infer<typeof CatalogueRow>;
const COLUMNS = Object.keys(CatalogueRow.shape) as (keyof CatalogueRow)[];

/**
 * Reads the demo catalogue (a CSV file beside this module in the source tree, beside main.js in
 * the build). Every line is checked; a bad one stops the load naming its line and column.
 */
export function parseCatalogue(text: string): CatalogueRow[] {
  const [head, ...records] = parseCsv(text);
  if (head?.cells.join(',') !== COLUMNS.join(','))
    throw new Error(`catalogue.csv: the header must be ${COLUMNS.join(',')}`);
  return records.map(({ line: lineNo, cells }) => {
    if (cells.length !== COLUMNS.length) {
      throw new Error(
        `catalogue.csv line ${lineNo}: expected ${COLUMNS.length} plain comma-separated values`,
      );
    }
    const parsed = CatalogueRow.safeParse(Object.fromEntries(COLUMNS.map((c, i) => [c, cells[i]])));
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new Error(
        `catalogue.csv line ${lineNo}, column ${String(issue.path[0])}: ${issue.message}`,
      );
    }
    return parsed.data;
  });
}

const PSA_LABELS: Record<string, string> = {
  '10': 'GEM MT 10',
  '9': 'MINT 9',
  '8': 'NM-MT 8',
  '7': 'NM 7',
  '6': 'EX-MT 6',
};

function toDemoCard(row: CatalogueRow, storeMarkup: number | null): DemoCard {
  const {
    player,
    sport,
    team,
    year,
    set: setName,
    number: cardNumber,
    variant,
    grade: gradeText,
    fmv,
  } = row;
  const [first, value] = gradeText.split(' ') as [string, string];
  const graded = first === 'PSA' || first === 'BGS' || first === 'SGC';
  const gradeValue = graded ? Number(value) : null;
  const grade = !graded ? null : first === 'PSA' ? (PSA_LABELS[value] ?? value) : value;
  return {
    player,
    sport,
    team,
    year,
    setName,
    cardNumber,
    variant,
    grader: graded ? first : null,
    grade,
    gradeValue,
    conditionNote: graded
      ? null
      : `Raw, ungraded. Condition: ${value}. Sharp corners, clean surface.`,
    fmv,
    storeMarkup,
  };
}

const rows = parseCatalogue(readFileSync(new URL('./catalogue.csv', import.meta.url), 'utf8'));
/** 64 cards for the live Grail case and 28 store items. */
export const DEMO_CASE_CARDS: DemoCard[] = rows
  .filter((r) => r.use === 'case')
  .map((row) => toDemoCard(row, null));
export const DEMO_STORE_CARDS: DemoCard[] = rows
  .filter((r) => r.use === 'store')
  .map((row, i) => toDemoCard(row, 1 + (i % 4) * 0.05));

export function demoCardName(card: DemoCard): string {
  const grade = card.grader ? ` ${card.grader} ${card.gradeValue}` : '';
  return `${card.year} ${card.setName} ${card.player}${card.variant ? ` ${card.variant}` : ''} #${card.cardNumber}${grade}`;
}
