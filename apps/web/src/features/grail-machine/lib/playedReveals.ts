/**
 * The pulls whose reveal this browser has played, so reopening a pull shows its result at once.
 * Kept in localStorage (newest last, the last 200); a browser without storage simply replays.
 */
const KEY = 'grail-played-reveals';
const KEEP = 200;

function read(): string[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

export const revealPlayed = (pullId: string) => read().includes(pullId);

export function markRevealPlayed(pullId: string): void {
  const ids = read().filter((id) => id !== pullId);
  ids.push(pullId);
  try {
    window.localStorage.setItem(KEY, JSON.stringify(ids.slice(-KEEP)));
  } catch {
    // Storage full or blocked: the reveal plays again next time, nothing else is lost.
  }
}
