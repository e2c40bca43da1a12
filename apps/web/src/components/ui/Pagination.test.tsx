import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Pagination, pageSlots } from './Pagination';

describe('Pagination', () => {
  it('names its landmark and every page, the current one marked', () => {
    render(<Pagination count={3} page={2} onPageChange={() => undefined} label="Wallet pages" />);
    const nav = screen.getByRole('navigation', { name: 'Wallet pages' });
    expect(nav).toBeTruthy();
    expect(screen.getByRole('button', { name: 'page 2' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(screen.getByRole('button', { name: 'Go to page 1' }).hasAttribute('aria-current')).toBe(
      false,
    );
    expect(screen.getByRole('button', { name: 'Go to previous page' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go to next page' })).toBeTruthy();
  });

  it('disables the arrow at either end', () => {
    const { rerender } = render(<Pagination count={2} page={1} onPageChange={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Go to previous page' })).toHaveProperty(
      'disabled',
      true,
    );
    rerender(<Pagination count={2} page={2} onPageChange={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Go to next page' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('moves between pages from the keyboard', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    render(<Pagination count={5} page={2} onPageChange={onPageChange} />);
    await user.tab();
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Go to previous page' }),
    );
    await user.keyboard('{Enter}');
    expect(onPageChange).toHaveBeenLastCalledWith(1);
    await user.tab();
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Go to page 3' }));
    await user.keyboard(' ');
    expect(onPageChange).toHaveBeenLastCalledWith(3);
  });

  it('does not report the page it is on', () => {
    const onPageChange = vi.fn();
    render(<Pagination count={3} page={1} onPageChange={onPageChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'page 1' }));
    expect(onPageChange).not.toHaveBeenCalled();
  });

  it('shows the ends and the pages near the current one of many', () => {
    expect(pageSlots(5, 3)).toEqual([1, 2, 3, 4, 5]);
    expect(pageSlots(20, 2)).toEqual([1, 2, 3, 4, 5, null, 20]);
    expect(pageSlots(20, 10)).toEqual([1, null, 9, 10, 11, null, 20]);
    expect(pageSlots(20, 19)).toEqual([1, null, 16, 17, 18, 19, 20]);
  });
});
