import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { pageList, StorePagination } from './StorePagination';

describe('store pagination', () => {
  it('lists every page up to 7, else the ends, the current page and its neighbours', () => {
    expect(pageList(2, 1)).toEqual([1, 2]);
    expect(pageList(7, 4)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageList(10, 2)).toEqual([1, 2, 3, 4, 5, null, 10]);
    expect(pageList(10, 5)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pageList(10, 9)).toEqual([1, null, 6, 7, 8, 9, 10]);
  });

  it('marks the current page, names the others by where they go, and stops at the ends', () => {
    const onChange = vi.fn();
    render(<StorePagination count={2} page={1} onChange={onChange} />);
    screen.getByRole('navigation', { name: 'pagination navigation' });
    expect(screen.getByRole('button', { name: 'page 1' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Go to previous page' }).disabled,
    ).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    expect(onChange).toHaveBeenLastCalledWith(2);
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(onChange).toHaveBeenLastCalledWith(2);
    fireEvent.click(screen.getByRole('button', { name: 'page 1' }));
    expect(onChange).toHaveBeenCalledTimes(2);
  });
});
