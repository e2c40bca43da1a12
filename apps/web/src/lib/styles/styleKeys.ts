/** The app's emotion cache key: its class names are `gm-<hash>`. */
export const EMOTION_KEY = 'gm';

/**
 * Marks the critical style element the build writes into index.html; its value lists the emotion
 * names of the rules inside, which the app's cache then counts as inserted (see emotionCache).
 */
export const CRITICAL_STYLES_ATTRIBUTE = 'data-critical-styles';
