import admin from '../admin.module.css';
import styles from './AuditDiff.module.css';

const show = (value: unknown) =>
  value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What an action changed: for objects, each field whose value differs (before → after); anything
 * else shown whole. Removed values are struck through, so the change reads without colour too.
 */
export function AuditDiff({ before, after }: { before: unknown; after: unknown }) {
  const rows: { field: string; before: unknown; after: unknown }[] = [];
  if (isRecord(before) || isRecord(after)) {
    const b = isRecord(before) ? before : {};
    const a = isRecord(after) ? after : {};
    for (const field of new Set([...Object.keys(b), ...Object.keys(a)])) {
      if (JSON.stringify(b[field]) !== JSON.stringify(a[field]))
        rows.push({ field, before: b[field], after: a[field] });
    }
  } else if (JSON.stringify(before) !== JSON.stringify(after)) {
    rows.push({ field: 'value', before: before ?? undefined, after: after ?? undefined });
  }
  if (rows.length === 0)
    return <p className={`${admin.muted} ${admin.small}`}>No values recorded.</p>;
  return (
    <dl className={styles.diff}>
      {rows.map((row) => (
        <div key={row.field} className={styles.row}>
          <dt className={styles.field}>{row.field}</dt>
          <dd className={styles.change}>
            {row.before !== undefined && (
              <del className={styles.before} aria-label={`before: ${show(row.before)}`}>
                {show(row.before)}
              </del>
            )}
            {row.before !== undefined && row.after !== undefined && <span aria-hidden>→ </span>}
            {row.after !== undefined && <ins className={styles.after}>{show(row.after)}</ins>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
