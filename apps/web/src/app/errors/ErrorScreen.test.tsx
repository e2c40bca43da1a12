import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { CHUNK_RELOAD_FLAG, isChunkLoadError } from './chunkErrors';
import { CHUNK_RELOAD_DELAY_MS, ErrorScreen } from './ErrorScreen';

function stubReload() {
  const reload = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
  return reload;
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('render-error screens', () => {
  it('recognises chunk-load failures in their raw forms', () => {
    expect(isChunkLoadError(new Error('Loading chunk 42 failed.'))).toBe(true);
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it("shows 'Oops! Something went wrong' with Refresh Page and Go Back for a render error", () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = stubReload();
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => undefined);
    render(<ErrorScreen error={new Error('boom')} />);
    expect(screen.getByRole('heading', { name: 'Oops! Something went wrong' })).toBeDefined();
    expect(
      screen.getByText(
        'We apologize for the inconvenience. The application encountered an unexpected error. Please try refreshing the page or contact support if the problem persists.',
      ),
    ).toBeDefined();
    screen.getByRole('button', { name: 'Refresh Page' }).click();
    screen.getByRole('button', { name: 'Go Back' }).click();
    expect(reload).toHaveBeenCalledOnce();
    expect(back).toHaveBeenCalledOnce();
  });

  it('reloads once by itself for a failed chunk, guarded by a session flag', () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = stubReload();
    const { unmount } = render(<ErrorScreen error={new Error('Loading chunk 7 failed')} />);
    expect(screen.getByRole('heading', { name: 'A new version is available!' })).toBeDefined();
    expect(sessionStorage.getItem(CHUNK_RELOAD_FLAG)).toBe('true');
    act(() => void vi.advanceTimersByTime(CHUNK_RELOAD_DELAY_MS));
    expect(reload).toHaveBeenCalledOnce();
    unmount();
    expect(sessionStorage.getItem(CHUNK_RELOAD_FLAG)).toBeNull();
  });

  it("after the one reload, a failing chunk shows 'Failed to load page' and does not reload", () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = stubReload();
    sessionStorage.setItem(CHUNK_RELOAD_FLAG, 'true');
    render(<ErrorScreen error={new Error('Loading chunk 7 failed')} />);
    expect(screen.getByRole('heading', { name: 'Failed to load page' })).toBeDefined();
    expect(
      screen.getByText(
        'There was an issue loading this part of the application. This can happen after an update. Please try refreshing.',
      ),
    ).toBeDefined();
    act(() => void vi.advanceTimersByTime(10_000));
    expect(reload).not.toHaveBeenCalled();
  });
});
