import { z } from 'zod';
import {
  INVENTORY_CSV_COLUMNS,
  INVENTORY_GRADERS,
  INVENTORY_IMPORT_MAX_ROWS,
  MAX_DOLLARS,
  dollarsToCents,
  type InventoryImportIssue,
} from '@grail/contract';
import { CsvSyntaxError, csvLine, parseCsv } from '../../lib/csv.js';
import type { CardIdentity } from './card-identity.view.js';
import {
  IMAGE_FETCH_DEFAULTS,
  checkImageUrl,
  type ImageFetchOptions,
} from '../../lib/image-fetch.js';

type Column = (typeof INVENTORY_CSV_COLUMNS)[number];

/** One card as an import writes it (money in cents). */
export interface ImportedCard extends CardIdentity {
  line: number;
  name: string;
  grader: (typeof INVENTORY_GRADERS)[number] | null;
  grade: string | null;
  gradeValue: number | null;
  certNumber: string | null;
  fmvCents: number;
  storePriceCents: number | null;
  images: ImageRef[];
}

/**
 * One picture of a card as the CSV names it: an image already stored here, a URL of another site
 * (fetched during the import), or the name of a file uploaded with the CSV.
 */
export type ImageRef =
  { kind: 'stored'; id: string } | { kind: 'url'; url: string } | { kind: 'file'; name: string };

/** An uploaded file's name as a cell names it: no spaces or '|', which separate the cell's images. */
export const IMAGE_FILE_NAME = /^[\w][\w.()-]{0,150}\.(jpe?g|png|webp)$/i;

const required = (max: number) =>
  z.string().min(1, 'is required').max(max, `must be at most ${max} characters`);
const optional = (max: number) =>
  z
    .string()
    .max(max, `must be at most ${max} characters`)
    .transform((v) => v || null);
const dollars = z
  .string()
  .regex(/^\$?\d+(\.\d{1,2})?$/, 'must be an amount in dollars, such as 25 or 25.50')
  .transform((v) => dollarsToCents(Number(v.replace('$', ''))))
  .refine((cents) => cents <= MAX_DOLLARS * 100, `must be at most ${MAX_DOLLARS}`);

/** How each column is read; a cell's every problem is reported under its column's name. */
const CELLS = {
  name: required(200),
  player: required(80),
  year: z
    .string()
    .regex(/^\d{4}$/, 'must be a year such as 2018')
    .transform(Number)
    .refine((y) => y >= 1900 && y <= 2100, 'must be between 1900 and 2100'),
  set: required(80),
  number: required(20),
  sport: required(40),
  team: optional(80),
  grader: z
    .string()
    .transform((v) => v.toUpperCase())
    .pipe(
      z.enum(['', ...INVENTORY_GRADERS], {
        message: `must be empty or one of ${INVENTORY_GRADERS.join(', ')}`,
      }),
    )
    .transform((v) => (v === '' ? null : v)),
  grade: optional(20),
  cert: z
    .string()
    .regex(/^[\w-]{0,30}$/, 'must be letters, digits and dashes (at most 30)')
    .transform((v) => v || null),
  FMV: dollars,
  'store price': z
    .string()
    .transform((v) => v || null)
    .pipe(dollars.refine((c) => c > 0, 'must be more than 0').nullable()),
  'image URLs': z.string().transform((v, ctx) => {
    const refs: ImageRef[] = [];
    for (const text of v.split(/[\s|]+/).filter(Boolean)) {
      const id = /^(?:https?:\/\/[^/\s]+)?\/api\/images\/([A-Za-z0-9_-]{1,64})(?:\?[^\s]*)?$/.exec(
        text,
      )?.[1];
      if (id) refs.push({ kind: 'stored', id });
      else if (/^https?:\/\//i.test(text)) refs.push({ kind: 'url', url: text });
      else if (IMAGE_FILE_NAME.test(text)) refs.push({ kind: 'file', name: text });
      else {
        ctx.addIssue({
          code: 'custom',
          message: `${text.slice(0, 80)} is not an image of this site (/api/images/<id>), an https URL or the name of an uploaded file (.jpg, .png, .webp)`,
        });
        return z.NEVER;
      }
    }
    if (refs.length > 12) {
      ctx.addIssue({ code: 'custom', message: 'must list at most 12 images' });
      return z.NEVER;
    }
    return refs;
  }),
} satisfies Record<Column, z.ZodType<unknown, string>>;

/** The grade's number (GEM MT 10 → 10, 9.5 → 9.5) for range filters, or null when it has none. */
export function gradeValueOf(grade: string): number | null {
  const match = /(\d{1,2}(?:\.5)?)\s*$/.exec(grade);
  const value = match ? Number(match[1]) : NaN;
  return value >= 1 && value <= 10 ? value : null;
}

const NUL = '\u0000';
const NO_NUL = 'must not contain NUL characters';

/** A spreadsheet must not run a cell as a formula: such text is written with a leading '. */
const FORMULA_START = /^[=+\-@\t\r]/;
const toCell = (value: string | number | null) =>
  typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
const fromCell = (value: string) =>
  value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;

/**
 * Reads an inventory CSV file: every line, every column, and every problem with its line and
 * column, so staff fix the whole file in one pass. Cards are returned only when none is bad.
 */
export function readInventoryCsv(
  text: string,
  fetchOptions: ImageFetchOptions = IMAGE_FETCH_DEFAULTS,
): {
  rows: number;
  cards: ImportedCard[];
  errors: InventoryImportIssue[];
} {
  let records;
  try {
    records = parseCsv(text);
  } catch (err) {
    if (err instanceof CsvSyntaxError)
      return {
        rows: 0,
        cards: [],
        errors: [{ line: err.line, column: null, message: err.message }],
      };
    throw err;
  }
  const [head, ...data] = records;
  const errors: InventoryImportIssue[] = [];
  // PostgreSQL text cannot hold a NUL: a cell with one is bad input, named by line and column.
  const nulAt = (head?.cells ?? []).findIndex((c) => c.includes(NUL));
  if (nulAt >= 0)
    return {
      rows: data.length,
      cards: [],
      errors: [{ line: 1, column: null, message: `column ${nulAt + 1} of the header ${NO_NUL}` }],
    };
  const header = (head?.cells ?? []).map((c) => c.trim().toLowerCase());
  const index = new Map<Column, number>();
  for (const column of INVENTORY_CSV_COLUMNS) {
    const at = header.indexOf(column.toLowerCase());
    if (at < 0) errors.push({ line: 1, column, message: 'this column is missing from the header' });
    else index.set(column, at);
  }
  // A header far wider than the columns is not a catalogue: one error says so, not one per cell.
  if (header.length > INVENTORY_CSV_COLUMNS.length * 2)
    return {
      rows: data.length,
      cards: [],
      errors: [
        {
          line: 1,
          column: null,
          message: `the header has ${header.length} columns; a catalogue has ${INVENTORY_CSV_COLUMNS.length}`,
        },
      ],
    };
  header.forEach((name, at) => {
    if (!INVENTORY_CSV_COLUMNS.some((c) => c.toLowerCase() === name))
      errors.push({ line: 1, column: name || null, message: `unknown column (column ${at + 1})` });
  });
  if (errors.length > 0) return { rows: data.length, cards: [], errors };
  if (data.length === 0)
    return {
      rows: 0,
      cards: [],
      errors: [{ line: 2, column: null, message: 'no cards in the file' }],
    };
  if (data.length > INVENTORY_IMPORT_MAX_ROWS)
    return {
      rows: data.length,
      cards: [],
      errors: [
        {
          line: data[INVENTORY_IMPORT_MAX_ROWS]!.line,
          column: null,
          message: `at most ${INVENTORY_IMPORT_MAX_ROWS} cards per file`,
        },
      ],
    };

  const cards: ImportedCard[] = [];
  for (const { line, cells } of data) {
    if (cells.length !== header.length) {
      errors.push({
        line,
        column: null,
        message: `expected ${header.length} values, found ${cells.length}`,
      });
      continue;
    }
    const values: Partial<Record<Column, unknown>> = {};
    let bad = false;
    for (const column of INVENTORY_CSV_COLUMNS) {
      const cell = cells[index.get(column)!]!;
      if (cell.includes(NUL)) {
        bad = true;
        errors.push({ line, column, message: NO_NUL });
        continue;
      }
      const parsed = CELLS[column].safeParse(fromCell(cell.trim()));
      if (parsed.success) values[column] = parsed.data;
      else {
        bad = true;
        for (const issue of parsed.error.issues)
          errors.push({ line, column, message: issue.message });
      }
    }
    if (bad) continue;
    const v = values as { [C in Column]: z.output<(typeof CELLS)[C]> };
    const badUrls = v['image URLs'].flatMap((ref) => {
      if (ref.kind !== 'url') return [];
      const checked = checkImageUrl(ref.url, fetchOptions);
      return typeof checked === 'string' ? [`${ref.url.slice(0, 80)} ${checked}`] : [];
    });
    if (badUrls.length > 0) {
      for (const message of badUrls) errors.push({ line, column: 'image URLs', message });
      continue;
    }
    let gradeValue: number | null = null;
    if ((v.grader === null) !== (v.grade === null)) {
      errors.push({
        line,
        column: 'grade',
        message: v.grader ? 'a graded card needs its grade' : 'a raw card (no grader) has no grade',
      });
      continue;
    }
    if (v.grade !== null) {
      gradeValue = gradeValueOf(v.grade);
      if (gradeValue === null) {
        errors.push({
          line,
          column: 'grade',
          message: 'must end in a grade from 1 to 10, such as "GEM MT 10" or "9.5"',
        });
        continue;
      }
    }
    cards.push({
      line,
      name: v.name,
      player: v.player,
      year: v.year,
      setName: v.set,
      cardNumber: v.number,
      sport: v.sport,
      team: v.team,
      grader: v.grader,
      grade: v.grade,
      gradeValue,
      certNumber: v.cert,
      fmvCents: v.FMV,
      storePriceCents: v['store price'],
      images: v['image URLs'],
    });
  }
  return { rows: data.length, cards: errors.length > 0 ? [] : cards, errors };
}

/** The header line of an export. */
export const inventoryCsvHeader = () => csvLine(INVENTORY_CSV_COLUMNS);

/** One card as an export line, in the import's columns, so an export imports back unchanged. */
export function inventoryCsvLine(
  card: CardIdentity & {
    name: string;
    grader: string | null;
    grade: string | null;
    certNumber: string | null;
    fmvCents: number;
    storePriceCents: number | null;
    imageUrls: string[];
  },
): string {
  const money = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2));
  return csvLine(
    [
      card.name,
      card.player,
      card.year,
      card.setName,
      card.cardNumber,
      card.sport,
      card.team,
      card.grader,
      card.grade,
      card.certNumber,
      money(card.fmvCents),
      money(card.storePriceCents),
      card.imageUrls.join(' '),
    ].map(toCell),
  );
}
