/**
 * The packs opened in this browser whose reveal has not played yet. The reveal plays only for
 * these, once: any other visit to a pull (My Pulls' View, a reload, another device) shows the card.
 * Kept in localStorage (newest last, the last 20); a browser without storage shows the card.
 */
const KEY = 'grail-pending-reveals';
const KEEP = 20;

function read(): string[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function write(ids: string[]): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(ids.slice(-KEEP)));
  } catch {
    // Storage full or blocked: the card shows without its reveal, nothing else is lost.
  }
}

export const revealPending = (pullId: string) => read().includes(pullId);

/** A pack was just bought here: its reveal plays when its page opens. */
export function markPackOpened(pullId: string): void {
  write([...read().filter((id) => id !== pullId), pullId]);
}

export function markRevealPlayed(pullId: string): void {
  const ids = read();
  if (ids.includes(pullId)) write(ids.filter((id) => id !== pullId));
}
