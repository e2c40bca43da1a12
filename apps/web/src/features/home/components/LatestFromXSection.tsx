import { lazy, Suspense } from 'react';
import clsx from 'clsx';
import { usePublicConfig } from '@/lib/config';
import ui from '@/lib/styles/ui.module.css';
import { useNearViewport } from '@/lib/useNearViewport';
import styles from './LatestFromX.module.css';
import { SectionHeading } from './SectionHeading';
import skeleton from '@/components/ui/Skeleton.module.css';

// The feed's code (and its data) load only when the section comes near the screen.
const XPostScroller = lazy(() => import('./XPostScroller'));

const placeholder = (
  <div className={styles.placeholder} aria-hidden>
    {[0, 1, 2].map((i) => (
      <span key={i} className={clsx(skeleton.skeleton, skeleton.rounded, styles.placeholderPost)} />
    ))}
  </div>
);

/** Section 7: "Latest from X". */
export function LatestFromXSection() {
  const { xProfileHandle } = usePublicConfig();
  const { ref, near } = useNearViewport<HTMLDivElement>();
  return (
    <section aria-labelledby="latest-from-x-title">
      <SectionHeading id="latest-from-x-title">Latest from X</SectionHeading>
      <div className={styles.follow}>
        <a
          href={`https://x.com/${encodeURIComponent(xProfileHandle)}`}
          target="_blank"
          rel="noopener noreferrer"
          className={clsx(ui.textLink, styles.followLink)}
        >
          Follow @{xProfileHandle} on X
        </a>
      </div>
      <div ref={ref} className={styles.scroller}>
        {near ? (
          <Suspense fallback={placeholder}>
            <XPostScroller />
          </Suspense>
        ) : (
          placeholder
        )}
      </div>
    </section>
  );
}
