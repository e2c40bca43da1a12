import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { FeaturedGrid, featuredBatch } from './FeaturedGrid';

const cards = Array.from({ length: 6 }, (_, i) => ({
  _id: `c${i + 1}`,
  name: `Card ${i + 1}`,
  images: [`img-${i + 1}`],
  fmv: 1234.5 + i,
}));

const shownNames = () =>
  screen.getAllByTestId('featured-card').map((el) => el.querySelector('p')!.textContent);
const grid = () => screen.getByTestId('featured-grid');

afterEach(() => vi.useRealTimers());

describe('featured-card grid', () => {
  it('shows nothing for an empty list', () => {
    const { container } = render(<FeaturedGrid cards={[]} />);
    expect(container.innerHTML).toBe('');
  });

  it('shows 4 cards by default with FMV to 2 decimals and 5:7 images', () => {
    render(<FeaturedGrid cards={cards} />);
    expect(shownNames()).toEqual(['Card 1', 'Card 2', 'Card 3', 'Card 4']);
    expect(screen.getByText('FMV $1,234.50')).toBeDefined();
    expect(screen.getAllByTestId('card-image')).toHaveLength(4);
  });

  it('fades out every 7000 ms and shows the next batch 700 ms later, wrapping around', () => {
    vi.useFakeTimers();
    render(<FeaturedGrid cards={cards} />);
    act(() => void vi.advanceTimersByTime(6999));
    expect(grid().dataset.fading).toBeUndefined();
    act(() => void vi.advanceTimersByTime(1));
    expect(grid().dataset.fading).toBe('true');
    expect(shownNames()).toEqual(['Card 1', 'Card 2', 'Card 3', 'Card 4']);
    act(() => void vi.advanceTimersByTime(699));
    expect(shownNames()[0]).toBe('Card 1');
    act(() => void vi.advanceTimersByTime(1));
    expect(grid().dataset.fading).toBeUndefined();
    expect(shownNames()).toEqual(['Card 5', 'Card 6', 'Card 1', 'Card 2']);
    act(() => void vi.advanceTimersByTime(7700));
    expect(shownNames()).toEqual(['Card 3', 'Card 4', 'Card 5', 'Card 6']);
  });

  it('honours shown, intervalMs and fadeMs', () => {
    vi.useFakeTimers();
    render(<FeaturedGrid cards={cards} shown={2} columns={2} intervalMs={1000} fadeMs={100} />);
    expect(shownNames()).toEqual(['Card 1', 'Card 2']);
    act(() => void vi.advanceTimersByTime(1100));
    expect(shownNames()).toEqual(['Card 3', 'Card 4']);
  });

  it('does not cycle when every card fits', () => {
    vi.useFakeTimers();
    render(<FeaturedGrid cards={cards.slice(0, 3)} />);
    act(() => void vi.advanceTimersByTime(20_000));
    expect(shownNames()).toEqual(['Card 1', 'Card 2', 'Card 3']);
  });

  it('wraps batches past the end of the list', () => {
    expect(featuredBatch([1, 2, 3, 4, 5], 4, 3)).toEqual([5, 1, 2]);
  });
});
