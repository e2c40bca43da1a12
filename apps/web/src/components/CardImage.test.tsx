import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { PLACEHOLDER_CARD_IMAGE, resolveImageUrl } from '@/lib/images';
import { CardImage } from './CardImage';
import styles from './CardImage.module.css';

afterEach(() => vi.restoreAllMocks());

describe('image rules', () => {
  it('uses http values as-is and serves bare names and images-path values from the API', () => {
    expect(resolveImageUrl('https://cdn.example.com/a.jpg')).toBe('https://cdn.example.com/a.jpg');
    expect(resolveImageUrl('http://cdn.example.com/a.jpg')).toBe('http://cdn.example.com/a.jpg');
    expect(resolveImageUrl('abc123')).toBe('/api/images/abc123');
    expect(resolveImageUrl('/api/images/abc123')).toBe('/api/images/abc123');
    expect(resolveImageUrl('')).toBeNull();
    expect(resolveImageUrl(undefined)).toBeNull();
  });

  it('shows the placeholder card and logs a warning, not an error, when a card has no picture', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<CardImage src={undefined} alt="Mystery" eager />);
    expect(screen.getByRole('img', { name: 'Mystery' }).getAttribute('src')).toBe(
      PLACEHOLDER_CARD_IMAGE,
    );
    expect(warn).toHaveBeenCalledWith('[grail]', 'Card image missing', { alt: 'Mystery' });
    expect(error).not.toHaveBeenCalled();
  });

  it("falls back to the placeholder with 'Failed to load image' when loading fails", () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<CardImage src="abc123" alt="Jordan PSA 10" eager />);
    const img = screen.getByRole('img', { name: 'Jordan PSA 10' });
    expect(img.getAttribute('src')).toBe('/api/images/abc123?size=md');
    expect(img.getAttribute('srcset')).toContain('/api/images/abc123?size=lg 1280w');
    fireEvent.error(img);
    expect(screen.getByRole('img', { name: 'Jordan PSA 10' }).getAttribute('src')).toBe(
      PLACEHOLDER_CARD_IMAGE,
    );
    expect(screen.getByText('Failed to load image')).toBeDefined();
    expect(error).toHaveBeenCalledWith('[grail]', 'Failed to load card image', expect.anything());
  });

  it("loads the page's largest picture first and shows it without the fade-in", () => {
    render(<CardImage src="abc123" alt="Front of the card" priority />);
    const img = screen.getByRole('img', { name: 'Front of the card' });
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
    expect(img.className).toContain(styles.loaded);
  });

  it('starts loading 200 px before the viewport', () => {
    const observe = vi.fn();
    let options: IntersectionObserverInit | undefined;
    let callback: IntersectionObserverCallback = () => undefined;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(cb: IntersectionObserverCallback, init: IntersectionObserverInit) {
          callback = cb;
          options = init;
        }
        observe = observe;
        disconnect() {}
      },
    );
    render(<CardImage src="abc123" alt="Lazy card" />);
    expect(options?.rootMargin).toBe('200px');
    expect(screen.queryByRole('img')).toBeNull();
    act(() =>
      callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver),
    );
    expect(screen.getByRole('img', { name: 'Lazy card' })).toBeDefined();
    vi.unstubAllGlobals();
  });
});
