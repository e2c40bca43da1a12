import { SUBMISSION_STATUS_LABELS, type TimelineEntry } from '@grail/contract';
import { dateTimeFormat } from '@/lib/format';
import styles from './SubmissionTimeline.module.css';

/** Who made a change, in the words of the person reading. */
function who(entry: TimelineEntry, viewer: 'collector' | 'staff') {
  if (entry.actor === 'system') return 'Automatic';
  if (viewer === 'staff')
    return entry.actorName ?? (entry.actor === 'staff' ? 'Staff' : 'Collector');
  return entry.actor === 'collector' ? 'You' : 'Our team';
}

/** Every change of a submission, oldest first: when, what, who, and the note. */
export function SubmissionTimeline({
  entries,
  viewer,
}: {
  entries: TimelineEntry[];
  viewer: 'collector' | 'staff';
}) {
  return (
    <ol aria-label="Timeline" className={styles.list}>
      {entries.map((entry) => (
        <li key={entry._id} data-testid="timeline-entry" className={styles.entry}>
          <p className={styles.status}>
            {entry.from === entry.to ? 'Updated' : SUBMISSION_STATUS_LABELS[entry.to]}
          </p>
          <p className={styles.meta}>
            {dateTimeFormat.format(new Date(entry.at))} · {who(entry, viewer)}
          </p>
          {entry.note && <p className={styles.note}>{entry.note}</p>}
        </li>
      ))}
    </ol>
  );
}
