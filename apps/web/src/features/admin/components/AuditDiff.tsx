import { Box, Typography } from '@mui/material';

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
    return (
      <Typography variant="body2" color="text.secondary">
        No values recorded.
      </Typography>
    );
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(100px, max-content) minmax(0, 1fr)' },
        columnGap: 2,
        rowGap: 0.5,
      }}
    >
      {rows.map((row) => (
        <Box key={row.field} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
            {row.field}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {row.before !== undefined && (
              <Box
                component="del"
                sx={{ color: 'error.main', mr: 1 }}
                aria-label={`before: ${show(row.before)}`}
              >
                {show(row.before)}
              </Box>
            )}
            {row.before !== undefined && row.after !== undefined && <span aria-hidden>→ </span>}
            {row.after !== undefined && (
              <Box component="ins" sx={{ color: 'success.main', textDecoration: 'none' }}>
                {show(row.after)}
              </Box>
            )}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
