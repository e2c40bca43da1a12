import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TradesResponse } from '@grail/contract';
import { fakeFetch, isolateRequests } from '@/test/fakeFetch';
import { trade, tradeCard, vaultHolding, vaultOf } from '@/test/market';
import { renderWithProviders } from '@/test/providers';
import { notify } from '@/lib/toast';
import { TradesList } from './TradesList';

isolateRequests();

const id = (n: number) => `7d5a5e90-0000-4000-8000-${String(n).padStart(12, '0')}`;
const mine = trade({ _id: id(1) });
const received = trade({
  _id: id(2),
  role: 'recipient',
  yourTurn: true,
  proposer: {
    collector: 'buyer_cy',
    cards: [tradeCard(3, 'Ken Griffey Jr. 1989 Upper Deck'), tradeCard(4, 'Derek Jeter 1993 SP')],
    cash: 20,
  },
  recipient: { collector: 'seller_sam', cards: [tradeCard(5, 'Wemby 2023 Prizm')], cash: 0 },
});
const done = trade({ _id: id(3), status: 'declined', decidedAt: '2026-11-29T13:00:00.000Z' });
const answer = (trades = [done, mine, received]): TradesResponse => ({
  trades,
  total: trades.length,
});

describe('the Trades list', () => {
  it('puts the trades waiting for an answer first, with both sides and the right actions', async () => {
    fakeFetch({ '/api/market/trades': [{ body: answer() }] });
    renderWithProviders(<TradesList />);
    const rows = await screen.findAllByTestId('trade');
    expect(rows).toHaveLength(3);
    // Received and waiting for the caller: first, with both sides' cards and cash.
    expect(within(rows[0]!).getByText('Your answer')).toBeDefined();
    expect(within(rows[0]!).getByText('Trade from @buyer_cy')).toBeDefined();
    const theyGive = within(rows[0]!).getByTestId('trade-they-give');
    expect(within(theyGive).getByText('Ken Griffey Jr. 1989 Upper Deck')).toBeDefined();
    expect(within(theyGive).getByText('Derek Jeter 1993 SP')).toBeDefined();
    expect(within(theyGive).getByText('+ $20.00 cash')).toBeDefined();
    expect(
      within(within(rows[0]!).getByTestId('trade-you-give')).getByText('Wemby 2023 Prizm'),
    ).toBeDefined();
    expect(within(rows[0]!).getByText(/^Expires /)).toBeDefined();
    for (const name of ['Accept', 'Counter', 'Decline'])
      expect(within(rows[0]!).getByRole('button', { name })).toBeDefined();
    expect(within(rows[0]!).queryByRole('button', { name: 'Withdraw' })).toBeNull();
    // The caller's own open proposal: its status and only Withdraw.
    expect(within(rows[1]!).getByText('Waiting for an answer')).toBeDefined();
    expect(within(rows[1]!).getByRole('button', { name: 'Withdraw' })).toBeDefined();
    expect(within(rows[1]!).queryByRole('button', { name: 'Accept' })).toBeNull();
    // A closed one last, with no actions.
    expect(within(rows[2]!).getByText('Declined')).toBeDefined();
    expect(within(rows[2]!).queryByRole('button')).toBeNull();
  });

  it('accepts after a confirmation of exactly what moves, with an Idempotency-Key', async () => {
    const { calls } = fakeFetch({
      '/api/market/trades': [{ body: answer() }, { body: answer([mine]) }],
      [`POST /api/market/trades/${id(2)}/accept`]: [{ body: { ...received, status: 'accepted' } }],
    });
    const success = vi.spyOn(notify, 'success');
    renderWithProviders(<TradesList />);
    const rows = await screen.findAllByTestId('trade');
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept this trade?' });
    const summary = within(dialog).getByTestId('accept-summary');
    expect(within(summary).getByText('You receive from @buyer_cy')).toBeDefined();
    expect(within(summary).getByText('Derek Jeter 1993 SP')).toBeDefined();
    expect(within(summary).getByText('Wemby 2023 Prizm')).toBeDefined();
    expect(
      within(dialog).getByText('$19.00 reaches your wallet ($20.00 less the 5% fee on cash).'),
    ).toBeDefined();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept trade' }));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith(
        'Trade accepted: the cards from @buyer_cy are in your vault.',
      ),
    );
    const accept = calls.find((c) => c.url.endsWith('/accept'))!;
    expect(JSON.parse(String(accept.body))).toEqual({});
    expect(accept.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('counters with the cards and cash chosen', async () => {
    const wemby = vaultHolding(7, 'Spare card');
    const { calls } = fakeFetch({
      '/api/market/trades': [{ body: answer([received]) }],
      '/api/vault': [{ body: vaultOf([wemby]) }],
      [`POST /api/market/trades/${id(2)}/counter`]: [{ body: trade({ _id: id(9) }) }],
    });
    renderWithProviders(<TradesList />);
    fireEvent.click(await screen.findByRole('button', { name: 'Counter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Counter this trade' });
    // Every card offered is asked for until unticked; drop the Jeter, give a card, ask $30.
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Derek Jeter/ }));
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: /Spare card/ }));
    fireEvent.change(within(dialog).getByLabelText('Cash you ask for ($)'), {
      target: { value: '30' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send counter' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/counter'))).toBe(true));
    const sent = calls.find((c) => c.url.endsWith('/counter'))!;
    expect(JSON.parse(String(sent.body))).toEqual({
      give: [wemby._id],
      giveCash: 0,
      get: [tradeCard(3).holdingId],
      getCash: 30,
    });
  });

  it("declines, and shows the server's words when a withdrawal is refused", async () => {
    const { calls } = fakeFetch({
      '/api/market/trades': [{ body: answer([mine, received]) }],
      [`POST /api/market/trades/${id(2)}/decline`]: [{ body: { ...received, status: 'declined' } }],
      [`POST /api/market/trades/${id(1)}/withdraw`]: [
        { status: 409, body: { message: 'This trade is no longer open.', error: 'Conflict' } },
      ],
    });
    const error = vi.spyOn(notify, 'error');
    renderWithProviders(<TradesList />);
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith(`${id(2)}/decline`))).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('This trade is no longer open.'));
  });

  it('says when there are no trades', async () => {
    fakeFetch({ '/api/market/trades': [{ body: answer([]) }] });
    renderWithProviders(<TradesList />);
    expect((await screen.findByTestId('trades-empty')).textContent).toMatch(/^No trades yet/);
  });
});
