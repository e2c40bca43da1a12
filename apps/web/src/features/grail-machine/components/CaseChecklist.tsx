import { useDeferredValue, useId, useMemo, useState } from 'react';
import clsx from 'clsx';
import { Search } from 'lucide-react';
import type { ChecklistCard } from '@grail/contract';
import { CardImage } from '@/components/CardImage';
import { formatUsd } from '@/lib/format';
import ui from '@/lib/styles/ui.module.css';
import { useNearViewport } from '@/lib/useNearViewport';
import { useCaseChecklist } from '../api/useCaseChecklist';
import grail from './grail.module.css';
import styles from './CaseChecklist.module.css';
import { buttonClass } from '@/components/ui/Button';

type Show = 'all' | 'in' | 'pulled';
const SHOW_CHOICES: [Show, string][] = [
  ['all', 'All'],
  ['in', 'In the case'],
  ['pulled', 'Pulled'],
];
/** Cards shown per tier before 'Show all': a big case stays quick to draw on a phone. */
const FIRST_ROWS = 12;

function CardRow({ card }: { card: ChecklistCard }) {
  return (
    <li data-testid="checklist-card" data-pulled={card.pulled} className={styles.card}>
      {/* A pulled card's picture fades; its text keeps full contrast. */}
      <div className={clsx(styles.picture, card.pulled && styles.pulledPicture)}>
        <CardImage src={card.imageUrl} alt={card.name} sizes="48px" />
      </div>
      <div className={styles.about}>
        <p className={clsx(ui.body2, styles.name, card.pulled && styles.pulledName)}>{card.name}</p>
        <span className={clsx(grail.caption, ui.secondaryText)}>{card.grade}</span>
      </div>
      <div className={styles.value}>
        <p className={clsx(ui.body2, styles.fmv)}>{formatUsd(card.fmv)}</p>
        <span className={clsx(grail.chip, card.pulled ? grail.chipOutlined : grail.chipSuccess)}>
          {card.pulled ? 'Pulled' : 'In the case'}
        </span>
      </div>
    </li>
  );
}

/**
 * The whole case as a checklist: every card by tier, those still in it and those already pulled,
 * with image, grade and FMV, searchable by name or grade.
 */
export function CaseChecklist({ caseId }: { caseId: string }) {
  const checklist = useCaseChecklist(caseId);
  // The rows (up to a dozen a tier, each with its picture) are drawn once the checklist nears the
  // screen, in a deferred, time-sliced render: the first load draws only the first screen.
  const { ref, near } = useNearViewport<HTMLElement>();
  const data = useDeferredValue(near ? checklist.data : undefined);
  const searchId = useId();
  const [search, setSearch] = useState('');
  const [show, setShow] = useState<Show>('all');
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set());
  const term = useDeferredValue(search.trim().toLowerCase());

  const tiers = useMemo(
    () =>
      (data?.tiers ?? []).map((tier) => ({
        ...tier,
        shown: tier.cards.filter(
          (card) =>
            (show === 'all' || (show === 'pulled') === card.pulled) &&
            (!term || `${card.name} ${card.grade}`.toLowerCase().includes(term)),
        ),
      })),
    [data, show, term],
  );
  const matches = tiers.reduce((n, tier) => n + tier.shown.length, 0);

  return (
    <section ref={ref} aria-labelledby="checklist-heading" className={clsx(ui.paper, grail.panel)}>
      <h2 id="checklist-heading" className={clsx(ui.h6, grail.gutter)}>
        Case checklist
      </h2>
      {data && (
        <p className={clsx(ui.body2, ui.secondaryText, styles.summary)}>
          Every card this case was filled with: {data.remaining} of {data.totalItems} still in it.
        </p>
      )}
      <div className={styles.controls}>
        <div className={clsx(grail.field, styles.search)}>
          <label htmlFor={searchId} className={grail.fieldLabel}>
            Search the case
          </label>
          <Search aria-hidden size={20} className={styles.searchIcon} />
          <input
            id={searchId}
            type="text"
            placeholder="Player, set or grade"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className={clsx(grail.fieldControl, styles.searchInput)}
          />
        </div>
        <div role="group" aria-label="Which cards to show" className={styles.toggles}>
          {SHOW_CHOICES.map(([value, label]) => (
            <button
              key={value}
              type="button"
              aria-pressed={show === value}
              onClick={() => setShow(value)}
              className={styles.toggle}
            >
              {label}
            </button>
          ))}
        </div>
      </div>

      {!data && !checklist.isError && (
        <div aria-busy="true" className={styles.placeholders}>
          {Array.from({ length: 4 }, (_, i) => (
            <span key={i} className={clsx(grail.skeleton, styles.placeholder)} />
          ))}
        </div>
      )}
      {!data && checklist.isError && (
        <p role="alert" className={grail.alert}>
          Could not load the case checklist.
        </p>
      )}
      {data && matches === 0 && (
        <p role="status" className={clsx(ui.body1, ui.secondaryText)}>
          {term ? `No card in this case matches “${search.trim()}”.` : 'No cards to show.'}
        </p>
      )}
      <div className={styles.tiers}>
        {tiers
          .filter((tier) => tier.shown.length > 0)
          .map((tier) => {
            const open = expanded.has(tier.name) || Boolean(term);
            const visible = open ? tier.shown : tier.shown.slice(0, FIRST_ROWS);
            return (
              <section key={tier.name} aria-label={`${tier.name} tier`}>
                <div className={styles.tierHeading}>
                  <h3 className={styles.tierName}>{tier.name}</h3>
                  <p className={clsx(ui.body2, ui.secondaryText)}>
                    {tier.remaining} of {tier.total} left · odds{' '}
                    {(tier.probability * 100).toFixed(1)}%
                  </p>
                </div>
                <ul className={styles.cards}>
                  {visible.map((card) => (
                    <CardRow key={card._id} card={card} />
                  ))}
                </ul>
                {visible.length < tier.shown.length && (
                  <button
                    type="button"
                    onClick={() => setExpanded((prev) => new Set(prev).add(tier.name))}
                    className={buttonClass({
                      variant: 'text',
                      color: 'inherit',
                      size: 'small',
                      className: grail.textButton,
                    })}
                  >
                    Show all {tier.shown.length} {tier.name} cards
                  </button>
                )}
              </section>
            );
          })}
      </div>
    </section>
  );
}
