import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { useMediaQuery } from '@/lib/useMediaQuery';
import { HOME_POSTER_URL } from '../media';
import styles from './IntroSection.module.css';
import { buttonClass } from '@/components/ui/Button';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
/** After the load event: long enough for the first screen's data and pictures to arrive. */
const CLIP_START_DELAY_MS = 1_000;

/** Sections 1 to 3: the headline, the looping muted clip, and the way in. */
export function IntroSection() {
  const reducedMotion = useMediaQuery(REDUCED_MOTION);
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const el = video.current;
    if (!el) return;
    // Muted must be a property before play() for autoplay to be allowed everywhere.
    el.muted = true;
    if (reducedMotion) {
      el.pause();
      return;
    }
    // The poster paints at once; the clip (a few hundred KB) starts once the page has loaded,
    // so it does not compete with the page's own code, data and pictures.
    const start = () => void el.play().catch(() => undefined);
    if (document.readyState === 'complete') {
      const timer = setTimeout(start, CLIP_START_DELAY_MS);
      return () => clearTimeout(timer);
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onLoad = () => (timer = setTimeout(start, CLIP_START_DELAY_MS));
    window.addEventListener('load', onLoad, { once: true });
    return () => {
      window.removeEventListener('load', onLoad);
      clearTimeout(timer);
    };
  }, [reducedMotion]);

  return (
    <section aria-labelledby="home-intro-title" className={styles.intro}>
      <h1 id="home-intro-title" className={styles.title}>
        The Grail Machine is HERE!
      </h1>
      {/* The clip's box is reserved before it loads, so nothing below it moves. */}
      <div className={styles.frame}>
        <video
          ref={video}
          data-testid="home-video"
          width={1280}
          height={720}
          muted
          loop
          playsInline
          preload="none"
          poster={HOME_POSTER_URL}
          aria-label="Cards from a Grail case flipping past"
          className={styles.video}
        >
          <source src="/media/grail-machine.webm" type="video/webm" />
          <source src="/media/grail-machine.mp4" type="video/mp4" />
        </video>
      </div>
      <Link
        to={paths.grailMachine.getHref()}
        className={buttonClass({ variant: 'contained', size: 'large', className: styles.enter })}
      >
        Enter the Grail Machine
      </Link>
    </section>
  );
}
