import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { LoadFailed } from './LoadFailed';

describe('LoadFailed', () => {
  it('announces what could not be loaded and asks again on "Try again"', () => {
    const retry = vi.fn();
    render(<LoadFailed onRetry={retry}>Could not load your orders.</LoadFailed>);
    expect(screen.getByRole('alert').textContent).toContain('Could not load your orders.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });
});
