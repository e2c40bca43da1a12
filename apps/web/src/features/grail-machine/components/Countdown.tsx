import { useEffect, useState } from 'react';
import clsx from 'clsx';
import ui from '@/lib/styles/ui.module.css';
import grail from './grail.module.css';
import styles from './Countdown.module.css';

const parts = (ms: number) => {
  const s = Math.max(0, Math.floor(ms / 1000));
  return [
    ['days', Math.floor(s / 86400)],
    ['hours', Math.floor((s % 86400) / 3600)],
    ['minutes', Math.floor((s % 3600) / 60)],
    ['seconds', s % 60],
  ] as const;
};

/** Counts down to the case opening; calls onDone once it is reached. */
export function Countdown({ to, onDone }: { to: Date; onDone?: () => void }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  const left = to.getTime() - now;
  const done = left <= 0;
  useEffect(() => {
    if (done) onDone?.();
  }, [done, onDone]);
  return (
    <div role="timer" aria-label="Time until the case opens" className={styles.countdown}>
      {parts(left).map(([label, value]) => (
        <div key={label} className={styles.part}>
          <span className={styles.value}>{String(value).padStart(2, '0')}</span>
          <span className={clsx(grail.caption, ui.secondaryText)}>{label}</span>
        </div>
      ))}
    </div>
  );
}
