import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { SIGNUP_DISMISSED_KEY, useSignUpPrompt } from './useSignUpPrompt';

function mockTouch(touch: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({ matches: touch && query.includes('coarse'), media: query })),
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('sign-up prompt', () => {
  it('opens for a visitor on a desktop after exactly 2500 ms, as a dialog', () => {
    vi.useFakeTimers();
    mockTouch(false);
    const { result } = renderHook(() => useSignUpPrompt({ isVisitor: true }));
    expect(result.current.variant).toBe('dialog');
    act(() => void vi.advanceTimersByTime(2499));
    expect(result.current.open).toBe(false);
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current.open).toBe(true);
  });

  it('is a banner on touch devices', () => {
    mockTouch(true);
    const { result } = renderHook(() => useSignUpPrompt({ isVisitor: true }));
    expect(result.current.variant).toBe('banner');
  });

  it('never opens for a signed-in person', () => {
    vi.useFakeTimers();
    mockTouch(false);
    const { result } = renderHook(() => useSignUpPrompt({ isVisitor: false }));
    act(() => void vi.advanceTimersByTime(10_000));
    expect(result.current.open).toBe(false);
  });

  it('stores the dismissed flag for the session and stays closed afterwards', () => {
    vi.useFakeTimers();
    mockTouch(false);
    const first = renderHook(() => useSignUpPrompt({ isVisitor: true }));
    act(() => void vi.advanceTimersByTime(2500));
    act(() => first.result.current.dismiss());
    expect(first.result.current.open).toBe(false);
    expect(sessionStorage.getItem(SIGNUP_DISMISSED_KEY)).toBe('true');
    first.unmount();
    const second = renderHook(() => useSignUpPrompt({ isVisitor: true }));
    act(() => void vi.advanceTimersByTime(10_000));
    expect(second.result.current.open).toBe(false);
  });
});
