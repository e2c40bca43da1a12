import fc from 'fast-check';
import { z } from 'zod';

/**
 * Values that broke real endpoints: NUL and control characters, odd Unicode, numbers beyond a
 * 32-bit column or a double's range, years below 100 (and year 0, which PostgreSQL lacks), days
 * that do not exist, hexadecimal and exponent notations, country codes no country has.
 */
const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'card\u0000name',
  '\u0001\u0007\u001b[31m',
  '\u202eevil',
  '𝕏🃏🔥'.repeat(20),
  'a'.repeat(5000),
  "' or 1=1 --",
  '%00',
  '../../etc/passwd',
  '/\\evil.example',
  '0x0a',
  '1e308',
  '5e-324',
  '-1',
  '21474837',
  '00',
  'UK',
  '99999999999999999999',
  'NaN',
  'Infinity',
  '0000-01-01T00:00:00Z',
  '0020-01-01T00:00:00Z',
  '0099-12-31T23:59:59.999Z',
  '9999-12-31T23:59:59Z',
  '+275760-09-13T00:00:00.000Z',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '__proto__',
  'constructor',
];
const HOSTILE_NUMBERS = [
  0,
  -0,
  -1,
  1,
  0.5,
  1.005,
  21474836,
  21474837,
  2147483648,
  1e15,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
  5e-324,
  -5e-324,
  99_999.999,
];

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  default?: unknown;
};

const hostileString = fc.constantFrom(...HOSTILE_STRINGS);
const anyHostile: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.constantFrom(null, true, false, [], {}, [null]),
);

/** A string that fits a schema's shape most of the time, so the request gets past the first check. */
function plausibleString(s: JsonSchema): fc.Arbitrary<string> {
  if (s.format === 'uuid') return fc.uuid();
  if (s.format === 'email') return fc.constantFrom('collector@example.com', 'A@B.co');
  // Times from year 0, which JavaScript dates have and PostgreSQL timestamps do not.
  if (s.format === 'date-time')
    return fc
      .date({ min: new Date('0000-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z') })
      .filter((d) => !Number.isNaN(d.getTime()))
      .map((d) => d.toISOString());
  if (s.format === 'date')
    return fc.constantFrom('1990-04-12', '0000-01-01', '0020-02-29', '2001-02-30', '9999-12-31');
  const max = Math.min(s.maxLength ?? 40, 200);
  const min = Math.min(s.minLength ?? 0, max);
  return fc.string({ minLength: min, maxLength: max, unit: 'binary' });
}

/** An arbitrary over a JSON Schema: mostly plausible values, often hostile ones. */
export function arbitraryFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return anyHostile;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((v) => arbitraryFor(v, depth + 1)));
  if (schema.allOf?.length) return arbitraryFor(schema.allOf[0], depth + 1);
  if (schema.const !== undefined) return fc.oneof(fc.constant(schema.const), anyHostile);
  if (schema.enum)
    return fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...schema.enum) },
      { weight: 1, arbitrary: anyHostile },
    );
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return fc.oneof(
        { weight: 2, arbitrary: plausibleString(schema) },
        { weight: 2, arbitrary: hostileString },
        { weight: 1, arbitrary: anyHostile },
      );
    case 'number':
    case 'integer': {
      const lo = Math.max(schema.minimum ?? -1e6, -1e6);
      const hi = Math.min(schema.maximum ?? 1e6, 1e6);
      const inRange =
        type === 'integer'
          ? fc.integer({ min: Math.ceil(lo), max: Math.max(Math.ceil(lo), Math.floor(hi)) })
          : fc.double({ min: lo, max: hi, noNaN: true });
      return fc.oneof(
        { weight: 2, arbitrary: inRange },
        { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
        { weight: 1, arbitrary: anyHostile },
      );
    }
    case 'boolean':
      return fc.oneof(fc.boolean(), anyHostile);
    case 'null':
      return fc.oneof(fc.constant(null), anyHostile);
    case 'array': {
      const item = arbitraryFor(schema.items, depth + 1);
      return fc.oneof(
        { weight: 3, arbitrary: fc.array(item, { maxLength: 4 }) },
        // The same entry twice (e.g. one card id listed two times in a cart).
        {
          weight: 2,
          arbitrary: fc.array(item, { minLength: 1, maxLength: 3 }).map((a) => [...a, ...a]),
        },
        { weight: 1, arbitrary: anyHostile },
      );
    }
    case 'object': {
      const props = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const entries = Object.entries(props).map(
        ([key, value]) =>
          [
            key,
            required.has(key)
              ? arbitraryFor(value, depth + 1)
              : fc.option(arbitraryFor(value, depth + 1), { nil: undefined, freq: 3 }),
          ] as const,
      );
      const record = fc
        .record(Object.fromEntries(entries))
        .map((o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)));
      return fc.oneof({ weight: 5, arbitrary: record }, { weight: 1, arbitrary: anyHostile });
    }
    default:
      return anyHostile;
  }
}

export function jsonSchemaOf(schema: z.ZodType | undefined): JsonSchema | undefined {
  if (!schema) return undefined;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Query strings and path parameters are text: a value as a browser would send it. */
export function asText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A 10x14 PNG: an upload the image pipeline takes, so hostile parts reach the deeper code. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAoAAAAOCAIAAACZwRr8AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAFUlEQVQYlWPQ8q3CgxhGpX0HWbAAAJRfg82OSmO/AAAAAElFTkSuQmCC',
  'base64',
);
const MULTIPART_BOUNDARY = '----grail-fuzz-boundary';
const quoted = (cell: string) => `"${cell.replace(/"/g, '""')}"`;

/**
 * A multipart/form-data body of one to three parts: the endpoint's own field names or hostile
 * ones, hostile file names, and an image, an inventory CSV with a hostile cell, or hostile text.
 */
export function multipartFor(
  fields: readonly string[],
  csvHeader: readonly string[],
  csvRow: readonly string[],
): fc.Arbitrary<{ payload: Buffer; contentType: string }> {
  // Mostly the endpoint's own fields and a real image, so hostile names get past the first checks.
  const name =
    fields.length > 0
      ? fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom(...fields) },
          { weight: 1, arbitrary: hostileString },
        )
      : hostileString;
  const filename = fc.option(
    fc.oneof(
      { weight: 2, arbitrary: fc.constantFrom('a.png', 'cards.csv', 'a\u0000b.png') },
      { weight: 1, arbitrary: hostileString },
    ),
    { nil: undefined },
  );
  // A good CSV with one hostile cell, so the rest of the row passes and the import goes on.
  const csv = fc.tuple(fc.nat({ max: csvRow.length - 1 }), hostileString).map(([at, bad]) => {
    const cells = csvRow.map((cell, i) => (i === at ? bad : cell));
    return `${csvHeader.join(',')}\n${cells.map(quoted).join(',')}\n`;
  });
  const value = fc.oneof(
    { weight: 2, arbitrary: fc.constant(PNG) },
    { weight: 1, arbitrary: csv },
    { weight: 1, arbitrary: hostileString },
    { weight: 1, arbitrary: fc.constantFrom('true', 'false') },
  );
  return fc
    .array(fc.record({ name, filename, value }), { minLength: 1, maxLength: 3 })
    .map((parts) => ({
      contentType: `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`,
      payload: Buffer.concat([
        ...parts.flatMap((p) => [
          Buffer.from(
            `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="${p.name}"${
              p.filename === undefined ? '' : `; filename="${p.filename}"`
            }\r\n\r\n`,
          ),
          Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value),
          Buffer.from('\r\n'),
        ]),
        Buffer.from(`--${MULTIPART_BOUNDARY}--\r\n`),
      ]),
    }));
}
