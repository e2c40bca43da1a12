import clsx from 'clsx';
import { STRENGTH_LABELS, estimatePasswordScore } from './passwordStrength';
import styles from './PasswordStrength.module.css';

const tone = (score: number) => (score >= 3 ? 'good' : score === 2 ? 'fair' : 'weak');

/** How strong a new password looks: a bar and its word (the estimate of passwordStrength.ts). */
export function PasswordStrength({ password }: { password: string }) {
  const score = estimatePasswordScore(password);
  const value = password ? ((score + 1) / 5) * 100 : 0;
  return (
    <div aria-live="polite">
      <div
        role="progressbar"
        aria-label="Password strength"
        aria-valuenow={value}
        aria-valuemin={0}
        aria-valuemax={100}
        className={clsx(styles.track, styles[tone(score)])}
      >
        <span className={styles.bar} style={{ transform: `translateX(${value - 100}%)` }} />
      </div>
      <span className={styles.strengthText}>
        {password
          ? `Strength: ${STRENGTH_LABELS[score]}`
          : 'Use 8 or more characters; a few uncommon words work well.'}
      </span>
    </div>
  );
}
