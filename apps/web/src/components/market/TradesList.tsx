import { useState } from 'react';
import clsx from 'clsx';
import { TRADE_STATUS_LABELS, type Trade } from '@grail/contract';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { Badge, Button, Skeleton } from '@/components/ui';
import { ApiError } from '@/lib/api/client';
import { useDeclineTrade, useMyTrades, useWithdrawTrade } from '@/lib/api/market';
import { formatMoment } from '@/lib/format';
import ui from '@/lib/styles/ui.module.css';
import { notify } from '@/lib/toast';
import { TradeSideCards } from './TradeCards';
import { AcceptTradeDialog, CounterTradeDialog, cardsOf } from './TradeDialogs';
import styles from './market.module.css';
import tradeStyles from './trades.module.css';

const failed = (fallback: string) => (error: unknown) =>
  notify.error(error instanceof ApiError ? error.message : fallback);

/** Who proposed the trade to whom, from the caller's side. */
const summary = (trade: Trade) =>
  trade.role === 'recipient'
    ? `Trade from @${trade.proposer.collector}${trade.counterOf ? ' (a counter to yours)' : ''}`
    : `Your trade to @${trade.recipient.collector}${trade.counterOf ? ' (your counter)' : ''}`;

/**
 * The collector's trades, proposed and received, the ones waiting for their answer first: both
 * sides' cards and cash, the status and expiry; the recipient accepts (after a confirmation of
 * what moves), counters or declines; the proposer withdraws. A refusal shows the server's words.
 */
export function TradesList() {
  const trades = useMyTrades();
  const decline = useDeclineTrade();
  const withdraw = useWithdrawTrade();
  const [accepting, setAccepting] = useState<Trade | null>(null);
  const [countering, setCountering] = useState<Trade | null>(null);
  const busy = (tradeId: string, m: { isPending: boolean; variables?: unknown }) =>
    m.isPending && m.variables === tradeId;

  if (trades.isPending)
    return (
      <div className={ui.stackList} aria-busy="true">
        {[0, 1].map((i) => (
          <Skeleton key={i} variant="rounded" height={140} />
        ))}
      </div>
    );
  if (trades.isError)
    return (
      <LoadFailed onRetry={() => void trades.refetch()}>Could not load your trades.</LoadFailed>
    );
  // Waiting for the caller first, then open ones, then the rest; the server's order within each.
  const rank = (t: Trade) => (t.yourTurn ? 0 : t.status === 'open' ? 1 : 2);
  const list = [...trades.data.trades].sort((a, b) => rank(a) - rank(b));
  if (list.length === 0)
    return (
      <p className={clsx(ui.paper, styles.empty)} data-testid="trades-empty">
        No trades yet. Propose one from a listing&apos;s page; trades proposed to you appear here.
      </p>
    );

  return (
    <>
      <ul className={ui.stackList} aria-label="Your trades">
        {list.map((trade) => {
          const mine = trade.role === 'proposer' ? trade.proposer : trade.recipient;
          const theirs = trade.role === 'proposer' ? trade.recipient : trade.proposer;
          return (
            <li
              key={trade._id}
              className={clsx(ui.paper, styles.tradeRow, trade.yourTurn && styles.yourTurn)}
              data-testid="trade"
            >
              <div className={styles.info}>
                <div className={styles.badges}>
                  {trade.yourTurn ? (
                    <Badge tone="warning" variant="filled">
                      Your answer
                    </Badge>
                  ) : (
                    <Badge tone="info">{TRADE_STATUS_LABELS[trade.status]}</Badge>
                  )}
                  <span className={styles.note}>{summary(trade)}</span>
                </div>
                <div className={tradeStyles.sides}>
                  <TradeSideCards
                    title="You give"
                    cards={cardsOf(mine)}
                    cash={mine.cash}
                    testId="trade-you-give"
                  />
                  <TradeSideCards
                    title={`@${theirs.collector} gives`}
                    cards={cardsOf(theirs)}
                    cash={theirs.cash}
                    testId="trade-they-give"
                  />
                </div>
                <p className={styles.note}>
                  {trade.status === 'open'
                    ? `Expires ${formatMoment(trade.expiresAt)} · the ${trade.feePercent}% fee applies to cash only`
                    : trade.decidedAt
                      ? `${TRADE_STATUS_LABELS[trade.status]} ${formatMoment(trade.decidedAt)}`
                      : `Proposed ${formatMoment(trade.createdAt)}`}
                </p>
              </div>
              {trade.status === 'open' && (
                <div className={styles.actions}>
                  {trade.yourTurn && (
                    <>
                      <Button size="small" variant="contained" onClick={() => setAccepting(trade)}>
                        Accept
                      </Button>
                      <Button size="small" variant="outlined" onClick={() => setCountering(trade)}>
                        Counter
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        loading={busy(trade._id, decline)}
                        onClick={() =>
                          decline.mutate(trade._id, {
                            onSuccess: () =>
                              notify.success(
                                `Trade declined: @${trade.proposer.collector}'s cards and cash are released.`,
                              ),
                            onError: failed('Could not decline the trade.'),
                          })
                        }
                      >
                        Decline
                      </Button>
                    </>
                  )}
                  {trade.role === 'proposer' && (
                    <Button
                      size="small"
                      color="error"
                      loading={busy(trade._id, withdraw)}
                      onClick={() =>
                        withdraw.mutate(trade._id, {
                          onSuccess: () =>
                            notify.success(
                              'Trade withdrawn: your cards and cash are back in your vault and wallet.',
                            ),
                          onError: failed('Could not withdraw the trade.'),
                        })
                      }
                    >
                      Withdraw
                    </Button>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {accepting && <AcceptTradeDialog trade={accepting} onClose={() => setAccepting(null)} />}
      {countering && <CounterTradeDialog trade={countering} onClose={() => setCountering(null)} />}
    </>
  );
}
