/**
 * A bar filled to `percent` (0–100), announced as a progress bar named `label`. Its look is the
 * caller's: `className` for the track, `barClassName` for the filled part.
 */
export function ProgressBar({
  percent,
  label,
  className,
  barClassName,
}: {
  percent: number;
  label: string;
  className?: string;
  barClassName?: string;
}) {
  return (
    <div
      role="progressbar"
      aria-valuenow={Math.round(percent)}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-label={label}
      className={className}
    >
      <div className={barClassName} style={{ width: `${percent}%` }} />
    </div>
  );
}
