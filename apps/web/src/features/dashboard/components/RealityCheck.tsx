import { Suspense, lazy, useEffect, useState } from 'react';
import { useAuth } from '@/lib/auth';
import { useLimits } from '@/lib/api/limits';

// The dialog (and MUI's modal) loads only when a reminder is due, never on a first paint.
const RealityCheckDialog = lazy(() =>
  import('./RealityCheckDialog').then((m) => ({ default: m.RealityCheckDialog })),
);

/** Where this tab keeps its session: when it started and when the last reminder was answered. */
const STORAGE_KEY = 'grail.realityCheck';
const DAY = 24 * 3_600_000;
interface PlaySession {
  userId: string;
  startedAt: number;
  answeredAt: number;
}

function sessionOf(userId: string): PlaySession {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as PlaySession | null;
    // A session lasts a day at most, as the server's session sum does.
    if (stored?.userId === userId && Date.now() - stored.startedAt < DAY) return stored;
  } catch {
    // A damaged entry starts a new session.
  }
  const now = Date.now();
  const fresh = { userId, startedAt: now, answeredAt: now };
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify(fresh));
  return fresh;
}

/**
 * The reality check, mounted once in the shell: for a signed-in collector who chose an interval,
 * every that many minutes of this session it shows the time spent and the net spent, with 'Keep
 * going' and 'Stop for today'.
 */
export function RealityCheck() {
  const { user } = useAuth();
  const { data } = useLimits({ enabled: Boolean(user) });
  const userId = user?._id ?? null;
  const minutes = userId ? (data?.realityCheckMinutes ?? null) : null;
  const [due, setDue] = useState<PlaySession | null>(null);

  useEffect(() => {
    if (!userId || minutes === null || due) return;
    const session = sessionOf(userId);
    const wait = session.answeredAt + minutes * 60_000 - Date.now();
    const timer = setTimeout(() => setDue(session), Math.max(0, wait));
    return () => clearTimeout(timer);
  }, [userId, minutes, due]);

  if (!due || !userId) return null;
  const answer = () => {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ ...due, answeredAt: Date.now() }));
    setDue(null);
  };
  return (
    <Suspense fallback={null}>
      <RealityCheckDialog startedAt={due.startedAt} onAnswered={answer} />
    </Suspense>
  );
}
