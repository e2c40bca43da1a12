import { lazy, Suspense } from 'react';
import { Box, Link, Skeleton } from '@mui/material';
import { usePublicConfig } from '@/lib/config';
import { useNearViewport } from '../useNearViewport';
import { SectionHeading } from './SectionHeading';

// The feed's code (and its data) load only when the section comes near the screen.
const XPostScroller = lazy(() => import('./XPostScroller'));

/** Height of the scroller, reserved while it loads so the page below does not move. */
export const X_SCROLLER_HEIGHT = 460;

const placeholder = (
  <Box sx={{ display: 'flex', gap: 2, overflow: 'hidden' }} aria-hidden>
    {[0, 1, 2].map((i) => (
      <Skeleton key={i} variant="rounded" sx={{ flex: '0 0 320px', height: X_SCROLLER_HEIGHT }} />
    ))}
  </Box>
);

/** Section 7: "Latest from X". */
export function LatestFromXSection() {
  const { xProfileHandle } = usePublicConfig();
  const { ref, near } = useNearViewport<HTMLDivElement>();
  return (
    <Box component="section" aria-labelledby="latest-from-x-title">
      <SectionHeading id="latest-from-x-title">Latest from X</SectionHeading>
      <Box sx={{ textAlign: 'center', mb: 2 }}>
        <Link
          href={`https://x.com/${encodeURIComponent(xProfileHandle)}`}
          target="_blank"
          rel="noopener noreferrer"
          sx={{ fontWeight: 700 }}
        >
          Follow @{xProfileHandle} on X
        </Link>
      </Box>
      <Box ref={ref} sx={{ minHeight: X_SCROLLER_HEIGHT }}>
        {near ? (
          <Suspense fallback={placeholder}>
            <XPostScroller />
          </Suspense>
        ) : (
          placeholder
        )}
      </Box>
    </Box>
  );
}
