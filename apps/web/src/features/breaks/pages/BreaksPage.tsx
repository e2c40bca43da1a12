import clsx from 'clsx';
import { Link, useSearchParams } from 'react-router';
import {
  BREAK_FORMAT_LABELS,
  BREAK_FORMATS,
  BREAK_SPORTS,
  type BreakStatus,
  type BreakSummary,
} from '@grail/contract';
import { paths } from '@/lib/paths';
import ui from '@/lib/styles/ui.module.css';
import { breakFilters, useBreaks } from '../api/useBreaks';
import { BreakCard } from '../components/BreakCard';
import { NativeSelect } from '@/components/ui/NativeSelect';
import styles from './BreaksPage.module.css';
import { Button, buttonClass } from '@/components/ui/Button';

/** The list's sections, in order, and the statuses each holds. */
const SECTIONS: { title: string; statuses: BreakStatus[]; sort: 'soonest' | 'latest' }[] = [
  { title: 'Live now', statuses: ['live'], sort: 'latest' },
  { title: 'Filling', statuses: ['open'], sort: 'soonest' },
  { title: 'Upcoming', statuses: ['filled'], sort: 'soonest' },
  { title: 'Completed', statuses: ['completed', 'cancelled'], sort: 'latest' },
];

const byTime = (sort: 'soonest' | 'latest') => (a: BreakSummary, b: BreakSummary) =>
  sort === 'soonest'
    ? Date.parse(a.scheduledAt) - Date.parse(b.scheduledAt)
    : Date.parse(b.scheduledAt) - Date.parse(a.scheduledAt);

const SPORT_OPTIONS = [
  { value: '', label: 'All sports' },
  ...BREAK_SPORTS.map((s) => ({ value: s, label: s })),
];
const FORMAT_OPTIONS = [
  { value: '', label: 'All formats' },
  ...BREAK_FORMATS.map((f) => ({ value: f, label: BREAK_FORMAT_LABELS[f] })),
];

/**
 * /breaks: live, filling, upcoming and completed breaks, filtered by sport and format. Plain
 * elements styled at build time, so the page loads no MUI; its code and list start with the app
 * on a direct visit (app/routes.tsx).
 */
export default function BreaksPage() {
  const [params, setParams] = useSearchParams();
  const { sport, format } = breakFilters(params);
  const breaks = useBreaks({ sport, format });
  const filtered = Boolean(sport || format);
  const setFilter = (name: 'sport' | 'format', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };
  const sections = SECTIONS.map((section) => ({
    ...section,
    list: (breaks.data ?? [])
      .filter((b) => section.statuses.includes(b.status))
      .sort(byTime(section.sort)),
  })).filter((section) => section.list.length > 0);

  return (
    <section className={styles.page}>
      <h1 className={styles.title}>Breaks</h1>
      <p className={clsx(ui.body1, ui.secondaryText, styles.intro)}>
        Buy a spot in a group break, watch the teams drawn live and provably fair, and every hit of
        your team is yours: shipped to you or sold back.
      </p>
      <div className={styles.filters}>
        <NativeSelect
          label="Sport"
          value={sport ?? ''}
          options={SPORT_OPTIONS}
          onChange={(value) => setFilter('sport', value)}
        />
        <NativeSelect
          label="Format"
          value={format ?? ''}
          options={FORMAT_OPTIONS}
          onChange={(value) => setFilter('format', value)}
        />
      </div>

      {breaks.isPending && (
        <div className={styles.grid} role="status" aria-label="Loading breaks">
          {[0, 1, 2].map((i) => (
            <span key={i} className={styles.placeholder} />
          ))}
        </div>
      )}
      {breaks.isError && (
        <div role="alert" className={clsx(ui.body2, styles.alert)}>
          <svg viewBox="0 0 24 24" aria-hidden className={styles.alertIcon}>
            <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M12 7v6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            <circle cx="12" cy="16.5" r="1.25" fill="currentColor" />
          </svg>
          <span className={styles.alertMessage}>Could not load breaks.</span>
          <Button
            variant="text"
            color="inherit"
            size="small"
            className={styles.alertAction}
            onClick={() => void breaks.refetch()}
          >
            Try again
          </Button>
        </div>
      )}
      {breaks.data?.length === 0 && (
        <div className={styles.empty}>
          <p className={clsx(ui.body1, styles.emptyText)}>
            {filtered ? 'No breaks match these filters.' : 'No breaks yet. Check back soon.'}
          </p>
          {filtered && (
            <Button variant="text" onClick={() => setParams({}, { replace: true })}>
              Clear filters
            </Button>
          )}
        </div>
      )}
      {sections.length > 0 && (
        <div className={styles.sections}>
          {sections.map((section, i) => (
            <section key={section.title} aria-label={section.title}>
              <h2 className={clsx(ui.h6, styles.sectionTitle)}>{section.title}</h2>
              <div className={styles.grid}>
                {section.list.map((b, j) => (
                  <BreakCard key={b._id} b={b} eager={i === 0 && j === 0} />
                ))}
              </div>
            </section>
          ))}
        </div>
      )}
      {/* After the list, once it has come, so the placeholder's height never moves it. */}
      {!breaks.isPending && (
        <Link
          to={paths.dashboard.getHref({ tab: 'breaks' })}
          className={buttonClass({
            variant: 'text',
            className: styles.dashboard,
          })}
        >
          Your spots and hits are in your dashboard
        </Link>
      )}
    </section>
  );
}
