import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { usePublicConfig } from '@/lib/config';
import { loadGtag, storeConsent, storedConsent, trackPageView, type Consent } from './gtag';
import styles from './AnalyticsConsent.module.css';
import { Button } from '@/components/ui/Button';

/**
 * The analytics cookie banner (ADVANCED_ANALYTICS with a GA4 measurement id; otherwise nothing
 * at all). Google's script is added only after Accept; the choice is remembered in this browser,
 * and from then on every route change is a page view.
 */
export function AnalyticsConsent() {
  const { flags, analyticsMeasurementId } = usePublicConfig();
  const measurementId = flags.ADVANCED_ANALYTICS ? analyticsMeasurementId : null;
  const [consent, setConsent] = useState<Consent | null>(storedConsent);
  const { pathname, search } = useLocation();
  const tracking = Boolean(measurementId) && consent === 'accepted';

  useEffect(() => {
    if (tracking) loadGtag(measurementId!);
  }, [tracking, measurementId]);

  useEffect(() => {
    if (tracking) trackPageView(`${pathname}${search}`);
  }, [tracking, pathname, search]);

  if (!measurementId || consent) return null;
  const choose = (choice: Consent) => {
    storeConsent(choice);
    setConsent(choice);
  };
  return (
    <section className={styles.banner} aria-label="Analytics cookies" role="region">
      <h2 className={styles.title}>Analytics cookies</h2>
      <p className={styles.text}>
        May we use Google Analytics cookies to count visits and see which pages help? Nothing is
        loaded unless you accept.
      </p>
      <div className={styles.actions}>
        <Button variant="outlined" color="inherit" onClick={() => choose('rejected')}>
          Reject
        </Button>
        <Button variant="contained" onClick={() => choose('accepted')}>
          Accept
        </Button>
      </div>
    </section>
  );
}
