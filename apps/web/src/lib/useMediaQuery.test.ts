import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useMediaQuery } from './useMediaQuery';

/** A window whose width can change, answering min-width queries like a browser. */
function mockWidth(initial: number) {
  let width = initial;
  const listeners = new Set<() => void>();
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      get matches() {
        return width >= Number(/min-width: (\d+)px/.exec(query)?.[1]);
      },
      media: query,
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    })),
  );
  return (next: number) => {
    width = next;
    listeners.forEach((listener) => listener());
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('useMediaQuery', () => {
  it('answers on the first render', () => {
    mockWidth(1280);
    const seen: boolean[] = [];
    renderHook(() => seen.push(useMediaQuery('(min-width: 900px)')));
    expect(seen[0]).toBe(true);
  });

  it('follows the window as it resizes', () => {
    const resize = mockWidth(1280);
    const { result } = renderHook(() => useMediaQuery('(min-width: 900px)'));
    act(() => resize(390));
    expect(result.current).toBe(false);
    act(() => resize(900));
    expect(result.current).toBe(true);
  });

  it('is false without matchMedia', () => {
    vi.stubGlobal('matchMedia', undefined);
    const { result } = renderHook(() => useMediaQuery('(min-width: 900px)'));
    expect(result.current).toBe(false);
  });
});
