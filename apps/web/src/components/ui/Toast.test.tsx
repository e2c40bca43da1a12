import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_AUTO_CLOSE_MS } from '@grail/contract';
import Toasts from '@/app/Toasts';
import { notify } from '@/lib/toast';

afterEach(() => {
  vi.useRealTimers();
});

describe('toasts', () => {
  it('shows a toast top right until its time runs out, paused while the pointer is on it', () => {
    vi.useFakeTimers();
    render(<Toasts />);
    act(() => notify.info('Logged out successfully.'));
    const region = screen.getByRole('region', { name: 'Notifications (alt+T)' });
    expect(within(region).getByText('Logged out successfully.')).toBeTruthy();

    // A pointer on the toasts holds the timer.
    fireEvent.pointerMove(region);
    act(() => vi.advanceTimersByTime(TOAST_AUTO_CLOSE_MS + 500));
    expect(screen.queryByText('Logged out successfully.')).not.toBeNull();

    fireEvent.pointerLeave(region);
    act(() => vi.advanceTimersByTime(TOAST_AUTO_CLOSE_MS + 500));
    expect(screen.queryByText('Logged out successfully.')).toBeNull();
  });

  it('closes with its Close button, and Alt+T moves the focus to the toasts', async () => {
    const user = userEvent.setup();
    render(<Toasts />);
    act(() => notify.error('Error logging out.'));
    const region = screen.getByRole('region', { name: 'Notifications (alt+T)' });
    await user.keyboard('{Alt>}t{/Alt}');
    expect(region.contains(document.activeElement) || region === document.activeElement).toBe(true);
    const toast = within(region).getByText('Error logging out.').closest('li')!;
    await user.click(within(toast).getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Error logging out.')).toBeNull();
  });
});
