/**
 * Client logging. Errors and warnings always go to the console; debug lines only when the
 * server's public config says debug is on (off unless the server's DEBUG is true).
 */
let debugEnabled = false;

export function setDebugLogging(enabled: boolean): void {
  debugEnabled = enabled;
}

export const logger = {
  debug(...args: unknown[]): void {
    if (debugEnabled) console.debug('[grail]', ...args);
  },
  warn(...args: unknown[]): void {
    console.warn('[grail]', ...args);
  },
  error(...args: unknown[]): void {
    console.error('[grail]', ...args);
  },
};
