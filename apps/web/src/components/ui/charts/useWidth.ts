import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The width of the element given the ref, kept up to date as it resizes, so a chart is drawn in
 * real pixels (its text keeps its size on a phone). `fallback` until it is measured.
 */
export function useWidth<E extends HTMLElement>(fallback: number) {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      if (element.clientWidth > 0) setWidth(element.clientWidth);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}
