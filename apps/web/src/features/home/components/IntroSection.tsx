import { useEffect, useRef, useState } from 'react';
import { Box, Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/lib/paths';
import { HOME_POSTER_URL } from '../media';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
/** After the load event: long enough for the first screen's data and pictures to arrive. */
const CLIP_START_DELAY_MS = 1_000;

function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(
    () => typeof window !== 'undefined' && window.matchMedia?.(REDUCED_MOTION).matches === true,
  );
  useEffect(() => {
    const query = window.matchMedia?.(REDUCED_MOTION);
    if (!query) return;
    const onChange = () => setReduced(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return reduced;
}

/** Sections 1 to 3: the headline, the looping muted clip, and the way in. */
export function IntroSection() {
  const reducedMotion = usePrefersReducedMotion();
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
    <Box component="section" aria-labelledby="home-intro-title" sx={{ textAlign: 'center' }}>
      <Typography
        id="home-intro-title"
        variant="h3"
        component="h1"
        sx={{ fontWeight: 800, fontSize: { xs: '2rem', sm: '2.75rem', md: '3.25rem' }, mb: 3 }}
      >
        The Grail Machine is HERE!
      </Typography>
      <Box
        sx={{
          position: 'relative',
          width: '100%',
          maxWidth: 880,
          mx: 'auto',
          // The clip's box is reserved before it loads, so nothing below it moves.
          aspectRatio: '16 / 9',
          borderRadius: 3,
          overflow: 'hidden',
          bgcolor: '#0b1020',
          boxShadow: 6,
        }}
      >
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
          style={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
        >
          <source src="/media/grail-machine.webm" type="video/webm" />
          <source src="/media/grail-machine.mp4" type="video/mp4" />
        </video>
      </Box>
      <Button
        component={RouterLink}
        to={paths.grailMachine.getHref()}
        variant="contained"
        size="large"
        sx={{ mt: 3, px: 5, py: 1.5, fontWeight: 700, fontSize: '1.1rem', textTransform: 'none' }}
      >
        Enter the Grail Machine
      </Button>
    </Box>
  );
}
