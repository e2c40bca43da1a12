import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { HotPotentialGrails } from './HotPotentialGrails';

const cards = vi.hoisted(() => ({
  current: { isPending: false, data: [] as { _id: string; name: string; fmv: number }[] },
}));
vi.mock('../api/useCarouselCards', () => ({ useCarouselCards: () => cards.current }));

const card = (i: number) => ({
  _id: `card-${i}`,
  name: `Grail ${i}`,
  fmv: 100 + i,
  images: [`img-${i}`],
});
const names = () =>
  within(screen.getByTestId('hot-grails'))
    .getAllByRole('listitem')
    .map((item) => within(item).getByRole('img').getAttribute('alt'));

afterEach(() => vi.useRealTimers());

describe('Hot Potential Grails', () => {
  it('shows 3 cards with their FMV and the next 3 every 5000 ms, wrapping around', () => {
    vi.useFakeTimers();
    cards.current = { isPending: false, data: [1, 2, 3, 4, 5].map(card) };
    render(<HotPotentialGrails />);
    expect(screen.getByRole('heading', { level: 2, name: 'Hot Potential Grails!' })).toBeDefined();
    expect(
      screen.getByText('A taste of what could be waiting in the Grail Machine!'),
    ).toBeDefined();
    expect(names()).toEqual(['Grail 1', 'Grail 2', 'Grail 3']);
    expect(screen.getByText('FMV $101.00')).toBeDefined();

    act(() => vi.advanceTimersByTime(4_999));
    expect(names()).toEqual(['Grail 1', 'Grail 2', 'Grail 3']);
    act(() => vi.advanceTimersByTime(1));
    expect(names()).toEqual(['Grail 4', 'Grail 5', 'Grail 1']);
  });

  it('holds the current cards while hovered', () => {
    vi.useFakeTimers();
    cards.current = { isPending: false, data: [1, 2, 3, 4, 5].map(card) };
    render(<HotPotentialGrails />);
    // React's mouseenter comes from the mouseover it sees.
    fireEvent.mouseOver(screen.getByTestId('hot-grails'));
    act(() => vi.advanceTimersByTime(10_000));
    expect(names()).toEqual(['Grail 1', 'Grail 2', 'Grail 3']);
  });

  it('keeps the place of 3 cards while they load', () => {
    cards.current = { isPending: true, data: [] };
    render(<HotPotentialGrails />);
    expect(within(screen.getByTestId('hot-grails')).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('img')).toBeNull();
  });
});
