/**
 * A visitor's cart: card ids in local storage, shared by every component through one tiny store
 * (and across tabs through the storage event). Signed in, the cart lives on the server instead.
 */
const KEY = 'grail-cart';
const listeners = new Set<() => void>();
let cached: string[] | null = null;

function read(): string[] {
  if (cached) return cached;
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    cached = Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    cached = [];
  }
  return cached;
}

export const localCart = {
  get: read,
  set(ids: string[]) {
    cached = [...new Set(ids)];
    if (cached.length) localStorage.setItem(KEY, JSON.stringify(cached));
    else localStorage.removeItem(KEY);
    listeners.forEach((l) => l());
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key !== KEY) return;
      cached = null;
      listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  },
};
