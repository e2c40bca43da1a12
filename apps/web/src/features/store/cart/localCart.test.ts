import { afterEach, describe, expect, it, vi } from 'vitest';
import { localCart } from './localCart';

describe('a visitor cart in local storage', () => {
  afterEach(() => localCart.set([]));

  it('keeps each card once, survives a reload of the store, and empties cleanly', () => {
    const seen = vi.fn();
    const unsubscribe = localCart.subscribe(seen);
    localCart.set(['a', 'b', 'a']);
    expect(localCart.get()).toEqual(['a', 'b']);
    expect(JSON.parse(localStorage.getItem('grail-cart')!)).toEqual(['a', 'b']);
    expect(seen).toHaveBeenCalledTimes(1);
    localCart.set([]);
    expect(localStorage.getItem('grail-cart')).toBeNull();
    unsubscribe();
  });

  it('follows a change made in another tab', () => {
    const seen = vi.fn();
    const unsubscribe = localCart.subscribe(seen);
    localStorage.setItem('grail-cart', JSON.stringify(['from-other-tab']));
    window.dispatchEvent(new StorageEvent('storage', { key: 'grail-cart' }));
    expect(seen).toHaveBeenCalled();
    expect(localCart.get()).toEqual(['from-other-tab']);
    unsubscribe();
  });

  it('ignores a corrupted value instead of breaking the store', () => {
    const unsubscribe = localCart.subscribe(() => undefined);
    localCart.set(['kept']);
    localStorage.setItem('grail-cart', '{not json');
    window.dispatchEvent(new StorageEvent('storage', { key: 'grail-cart' }));
    expect(localCart.get()).toEqual([]);
    unsubscribe();
  });
});
