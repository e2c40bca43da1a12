import { startTransition, useEffect, useState } from 'react';
import { ContactUsSection } from '../components/ContactUsSection';
import { GrailStatusSection } from '../components/GrailStatusSection';
import { HowItWorksSection } from '../components/HowItWorksSection';
import { IntroSection } from '../components/IntroSection';
import { LatestFromXSection } from '../components/LatestFromXSection';
import { NewArrivalsSection } from '../components/NewArrivalsSection';
import styles from './HomePage.module.css';

/**
 * The sections below the first screen render in a transition right after the first paint:
 * React then builds them in small slices instead of one long task that would hold the page.
 */
function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => startTransition(() => setReady(true)));
    return () => cancelAnimationFrame(frame);
  }, []);
  return ready;
}

/**
 * The home page, its sections in a fixed order: intro, Grail Machine status, new arrivals, how it
 * works, latest from X, contact us.
 */
export default function HomePage() {
  const belowTheFold = useAfterFirstPaint();
  return (
    <div className={styles.page}>
      <div className={styles.sections}>
        <IntroSection />
        <GrailStatusSection />
        {belowTheFold ? (
          <>
            <NewArrivalsSection />
            <HowItWorksSection />
            <LatestFromXSection />
            <ContactUsSection />
          </>
        ) : (
          <div className={styles.belowTheFold} />
        )}
      </div>
    </div>
  );
}
