import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { SignUpPrompt } from './SignUpPrompt';

vi.mock('@/lib/auth', () => ({ useAuth: () => ({ isLoggedIn: false, isLoading: false }) }));

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="*" element={<SignUpPrompt />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** Ends its exit animation. jsdom has no AnimationEvent, so React listens for the prefixed name. */
const finishAnimation = (element: Element) =>
  fireEvent(element, new Event('webkitAnimationEnd', { bubbles: true }));

/** Lets the 2500 ms pass, then waits for the prompt's lazily loaded code. */
async function openPrompt() {
  act(() => void vi.advanceTimersByTime(2500));
  vi.useRealTimers();
  // The chunk's first import transforms the dialog's code, which takes seconds on a busy machine.
  return screen.findByRole('dialog', { name: 'Join Our Community!' }, { timeout: 10_000 });
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({ matches: false, media: query })),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('SignUpPrompt', () => {
  it('opens for a visitor after 2500 ms and leaves after its exit animation', async () => {
    renderAt('/');
    expect(screen.queryByRole('dialog')).toBeNull();
    const dialog = await openPrompt();
    fireEvent.click(screen.getByRole('button', { name: 'Maybe Later' }));
    expect(sessionStorage.getItem('signupPromptDismissed')).toBe('true');
    // Still there while it fades out.
    expect(screen.getByRole('dialog')).toBe(dialog);
    finishAnimation(dialog);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes on Escape', async () => {
    renderAt('/store');
    const dialog = await openPrompt();
    fireEvent.keyDown(window, { key: 'Escape' });
    finishAnimation(dialog);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stays away from the sign-in pages', () => {
    renderAt('/login');
    act(() => void vi.advanceTimersByTime(10_000));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
