import createCache from '@emotion/cache';
import { CRITICAL_STYLES_ATTRIBUTE, EMOTION_KEY } from './styleKeys';

/**
 * The page's one emotion cache. It takes over the build's critical style element as emotion's own
 * hydration would: the names it lists count as inserted, so emotion never compiles or inserts
 * those rules again, and the element heads the sheet's tags, so later rules go after it and global
 * styles before it. Unlike emotion's hydration it leaves the element where it is: each move to the
 * end of <head> makes Chromium drop and rebuild the whole 100 KB sheet while the app starts.
 */
export const emotionCache = createCache({ key: EMOTION_KEY });

const criticalStyles = document.querySelector<HTMLStyleElement>(
  `style[${CRITICAL_STYLES_ATTRIBUTE}]`,
);
if (criticalStyles) {
  emotionCache.sheet.tags.push(criticalStyles);
  for (const name of criticalStyles.getAttribute(CRITICAL_STYLES_ATTRIBUTE)!.split(' ')) {
    emotionCache.inserted[name] = true;
  }
}
