import clsx from 'clsx';
import { NO_CASE_TEXT, NO_CASE_TITLE, RECENT_PULLS_CAROUSEL_MIN } from '@grail/contract';
import ui from '@/lib/styles/ui.module.css';
import { useActiveCase } from '@/lib/api/activeCase';
import { useRecentPulls } from '@/lib/api/recentPulls';
import { useCarouselCards } from '../api/useCarouselCards';
import { grailStatus } from '../grailStatus';
import { HotPotentialGrails } from './HotPotentialGrails';
import { Notice } from './Notice';
import { RecentPullsCarousel } from './RecentPullsCarousel';
import styles from './GrailStatusSection.module.css';
import { dateTimeFormat } from '@/lib/format';
import { Spinner } from '@/components/ui/Spinner';

/**
 * The Grail Machine status block, right under the intro: the live case's recent pulls (or the hot
 * potential grails), or the no-case text when no case is live.
 */
export function GrailStatusSection() {
  const activeCase = useActiveCase();
  const recentPulls = useRecentPulls();
  // Asked for alongside the status (not after it), so the showcase needs no second round trip.
  useCarouselCards();
  const status = grailStatus(activeCase, new Date());
  // A failed pulls call empties the list (so the showcase takes over).
  const pulls = recentPulls.isError ? [] : (recentPulls.data ?? []);
  const loading = status.kind === 'loading' || (status.kind === 'active' && recentPulls.isPending);

  return (
    <section
      aria-label="Grail Machine status"
      aria-busy={loading}
      data-testid="grail-status"
      className={styles.status}
    >
      {loading ? (
        <div className={styles.loading}>
          <Spinner size={28} label={null} className={styles.spinner} />
          <p className={ui.h6}>Loading Grail Status...</p>
        </div>
      ) : status.kind === 'inactive' ? (
        <div className={styles.inactive}>
          {status.failed && <Notice severity="error">Could not load Grail Machine status.</Notice>}
          <h2 className={clsx(ui.h4, styles.nextCase)}>{NO_CASE_TITLE}</h2>
          <p className={clsx(ui.body1, ui.secondaryText, styles.stayTuned)}>{NO_CASE_TEXT}</p>
        </div>
      ) : (
        <div>
          {status.upcoming && (
            <p className={styles.opensAt}>
              Next case opens {dateTimeFormat.format(status.opensAt)}
            </p>
          )}
          {recentPulls.isError && <Notice severity="warning">Could not load recent pulls.</Notice>}
          {pulls.length >= RECENT_PULLS_CAROUSEL_MIN ? (
            <RecentPullsCarousel pulls={pulls} />
          ) : (
            <HotPotentialGrails />
          )}
        </div>
      )}
    </section>
  );
}
