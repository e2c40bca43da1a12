import { useCallback, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import type { Pull } from '@grail/contract';
import { CardImage } from '@/components/CardImage';
import { Button } from '@/components/ui/Button';
import { ShareButton } from '@/components/ShareButton';
import { formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useMediaQuery } from '@/lib/useMediaQuery';
import { useCaseChecklist } from '../api/useCaseChecklist';
import { markRevealPlayed } from '../lib/pendingReveals';
import styles from './PackReveal.module.css';

type Stage = 'facedown' | 'buildup' | 'flip' | 'result';
/** How long each stage lasts (ms): 2.6 s from the slab to the result, under the 4 s promised. */
const TIMES: Record<Exclude<Stage, 'result'>, number> = { facedown: 500, buildup: 1300, flip: 800 };
const NEXT: Record<Exclude<Stage, 'result'>, Stage> = {
  facedown: 'buildup',
  buildup: 'flip',
  flip: 'result',
};

/** Each piece's drift, colour and start: cycles of 4, 6 and 7, so no two neighbours fall alike. */
const CONFETTI = Array.from(
  { length: 28 },
  (_, i) =>
    ({
      '--drift': `${(i % 4) * 20 - 30}px`,
      '--hue': 45 + (i % 6) * 60,
      '--delay': `${(i % 7) * 60}ms`,
    }) as CSSProperties,
);

/** The pull's tier counted from the top (0 = the case's best tier), once the case's tiers are known. */
function useTierRank(pull: Pull): number | null {
  const checklist = useCaseChecklist(pull.caseId);
  return useMemo(() => {
    const tiers = checklist.data?.tiers;
    if (!tiers || !pull.card.tier) return null;
    const order = [...tiers].sort((a, b) => b.minFmv - a.minFmv).map((t) => t.name);
    const rank = order.indexOf(pull.card.tier);
    return rank === -1 ? null : rank;
  }, [checklist.data, pull.card.tier]);
}

/**
 * The pack opening: the slab lies face down, a glow in the tier's colour builds up and names the
 * rarity, the card turns over, then its FMV stands beside what was paid and what a sell-back
 * gives, with confetti for the top tier and a glow for the next. Under 4 s; a tap, click or key
 * skips it. It plays when `play` (a pack just opened here), and not with prefers-reduced-motion:
 * otherwise the card shows at once. Nothing of the card is drawn or named before it turns.
 */
export function PackReveal({
  pull,
  play,
  onRevealed,
}: {
  pull: Pull;
  play: boolean;
  onRevealed?: () => void;
}) {
  const reduced = useMediaQuery('(prefers-reduced-motion: reduce)');
  const [stage, setStage] = useState<Stage>(() => (play && !reduced ? 'facedown' : 'result'));
  const rank = useTierRank(pull);
  const skipRef = useRef<HTMLButtonElement>(null);
  const skip = useCallback(() => setStage('result'), []);

  useEffect(() => {
    if (reduced) setStage('result');
  }, [reduced]);

  useEffect(() => {
    if (stage === 'result') {
      markRevealPlayed(pull._id);
      onRevealed?.();
      return;
    }
    const id = window.setTimeout(() => setStage(NEXT[stage]), TIMES[stage]);
    return () => window.clearTimeout(id);
  }, [stage, pull._id, onRevealed]);

  // Any key skips, wherever the focus is, while the reveal plays.
  const playing = stage !== 'result';
  useEffect(() => {
    if (!playing) return;
    skipRef.current?.focus({ preventScroll: true });
    const onKey = (event: KeyboardEvent) => {
      if (event.repeat || ['Shift', 'Control', 'Alt', 'Meta'].includes(event.key)) return;
      event.preventDefault();
      skip();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [playing, skip]);

  // The card's face exists from the turn on; during the turn's first half only the back shows.
  const faceUp = stage === 'flip' || stage === 'result';
  const tierShown = stage !== 'facedown';
  const celebrate = stage === 'result' && !reduced && rank === 0;
  const { card } = pull;
  const sellBack = pull.sellBack?.amount ?? pull.soldBackFor;
  const gain = card.fmv - pull.price;

  return (
    <div
      className={styles.reveal}
      data-stage={stage}
      data-testid="pack-reveal"
      data-tier-rank={rank ?? ''}
      onClick={playing ? skip : undefined}
    >
      <p className={styles.status} aria-live="polite">
        {tierShown && card.tier && <span className={styles.rarity}>{card.tier} tier</span>}
      </p>
      <div className={styles.stage}>
        {celebrate && (
          <div className={styles.confetti} aria-hidden data-testid="confetti">
            {CONFETTI.map((piece, i) => (
              <span key={i} style={piece} />
            ))}
          </div>
        )}
        <div
          className={styles.slab}
          data-face={faceUp ? 'up' : 'down'}
          data-glow={stage === 'result' && rank !== null && rank <= 1 ? 'on' : 'off'}
        >
          {faceUp && (
            <div className={styles.front} data-testid="card-face">
              <span className={styles.label}>{card.grade}</span>
              <CardImage src={card.imageUrl} alt={card.name} eager sizes="320px" />
            </div>
          )}
          {stage !== 'result' && (
            <div className={styles.back} aria-hidden>
              <span>GRAIL</span>
              <span>MACHINE</span>
            </div>
          )}
        </div>
      </div>
      {playing ? (
        <Button
          ref={skipRef}
          size="small"
          onClick={(event) => {
            event.stopPropagation();
            skip();
          }}
        >
          Skip
        </Button>
      ) : (
        <div className={styles.result}>
          <dl className={styles.values} aria-label="What this pull is worth">
            <div className={styles.fmv}>
              <dt>FMV</dt>
              <dd>{formatUsd(card.fmv)}</dd>
            </div>
            <div>
              <dt>You paid</dt>
              <dd>{formatUsd(pull.price)}</dd>
            </div>
            <div>
              <dt>{pull.soldBackFor !== null ? 'Sold back for' : 'Sell-back'}</dt>
              <dd>{sellBack === null ? '—' : formatUsd(sellBack)}</dd>
            </div>
          </dl>
          <p className={styles.gain}>
            {gain >= 0
              ? `${formatUsd(gain)} more FMV than the pack price.`
              : `${formatUsd(-gain)} less FMV than the pack price.`}
          </p>
          <ShareButton
            path={paths.pull.getHref(pull._id)}
            title={`I pulled ${card.name} (${card.grade})`}
            text={`FMV ${formatUsd(card.fmv)} from a ${formatUsd(pull.price)} pack on the Grail Machine.`}
            label="Share this pull"
            size="small"
          />
        </div>
      )}
    </div>
  );
}
