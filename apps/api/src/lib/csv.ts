/**
 * CSV as RFC 4180 writes it: comma-separated, a field in double quotes may hold commas, line
 * breaks and doubled quotes. Shared by the demo catalogue and the staff inventory import/export.
 */

/** One record of a CSV text and the line of the file it starts on (1-based). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Every record of `text`, blank lines left out. A byte-order mark is ignored; an unterminated
 * quote or a quote inside an unquoted field is a syntax error naming its line.
 */
export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  let line = 1;
  let i = 0;
  while (i < source.length) {
    const start = line;
    const cells: string[] = [];
    let cell = '';
    let quoted = false;
    let atFieldStart = true;
    let ended = false;
    while (i < source.length && !ended) {
      const ch = source[i]!;
      if (quoted) {
        if (ch === '"') {
          if (source[i + 1] === '"') {
            cell += '"';
            i += 2;
            continue;
          }
          quoted = false;
          i += 1;
          const next = source[i];
          if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r')
            throw new CsvSyntaxError(line, 'a closing quote must end its field');
          continue;
        }
        if (ch === '\n') line += 1;
        cell += ch;
        i += 1;
        continue;
      }
      if (ch === '"') {
        if (!atFieldStart) throw new CsvSyntaxError(line, 'a quote inside an unquoted field');
        quoted = true;
        atFieldStart = false;
        i += 1;
      } else if (ch === ',') {
        cells.push(cell);
        cell = '';
        atFieldStart = true;
        i += 1;
      } else if (ch === '\r' || ch === '\n') {
        i += ch === '\r' && source[i + 1] === '\n' ? 2 : 1;
        line += 1;
        ended = true;
      } else {
        cell += ch;
        atFieldStart = false;
        i += 1;
      }
    }
    if (quoted) throw new CsvSyntaxError(start, 'a quoted field is never closed');
    cells.push(cell);
    if (cells.length > 1 || cells[0]!.trim() !== '') records.push({ line: start, cells });
  }
  return records;
}

/** One CSV field: quoted when it holds a comma, a quote or a line break. */
export function csvField(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line (CRLF-terminated, as RFC 4180 writes it). */
export function csvLine(values: readonly (string | number | null | undefined)[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
