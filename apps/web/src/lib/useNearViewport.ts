import { useEffect, useRef, useState } from 'react';
import { LAZY_IMAGE_MARGIN_PX } from '@grail/contract';

/**
 * True once the element comes within 200 px of the viewport (the lazy-loading margin). Sections
 * below the first screen wait for it before fetching and rendering, so the first load does only
 * the first screen's work; their placeholders keep the space.
 */
export function useNearViewport<T extends Element>() {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || near) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: `${LAZY_IMAGE_MARGIN_PX}px` },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);
  return { ref, near };
}
