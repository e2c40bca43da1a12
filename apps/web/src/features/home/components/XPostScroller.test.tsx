import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { fakeFetch } from '@/test/fakeFetch';
import { renderWithProviders } from '@/test/providers';
import { resetRequestLayer } from '@/lib/api/client';
import XPostScroller from './XPostScroller';

/** The code-point span of `token` in `text`, as X reports entity offsets. */
function span(text: string, token: string) {
  const at = text.indexOf(token);
  const start = Array.from(text.slice(0, at)).length;
  return { start, end: start + Array.from(token).length };
}

function post(id: string, text: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    text,
    created_at: '2026-11-21T19:04:11.000Z',
    tweet_url: `https://x.com/GrailMachine/status/${id}`,
    user: { name: 'Grail Machine', username: 'GrailMachine', profile_image_url: '' },
    entities: { urls: [], mentions: [], hashtags: [] },
    media: [],
    public_metrics: { reply_count: 3, retweet_count: 12, like_count: 240 },
    ...extra,
  };
}

const LINKED_TEXT = '🏈🔥 Pulled a PSA 10 with @CardShopLive grailmachine.example/store #TheHobby';
const HOSTILE_TEXT =
  '<script>window.__pwned = 1</script> and <img src=x onerror="window.__pwned = 2">';

const FEED = {
  tweets: [
    post('1860000000000000003', LINKED_TEXT, {
      entities: {
        urls: [
          {
            ...span(LINKED_TEXT, 'grailmachine.example/store'),
            expanded_url: 'https://grailmachine.example/store',
            display_url: 'grailmachine.example/store',
          },
        ],
        mentions: [{ ...span(LINKED_TEXT, '@CardShopLive'), username: 'CardShopLive' }],
        hashtags: [{ ...span(LINKED_TEXT, '#TheHobby'), tag: 'TheHobby' }],
      },
      media: [0, 1, 2, 3].map((i) => ({
        media_key: `3_${i}`,
        url: `/media/x-demo-${(i % 2) + 1}.webp`,
        alt_text: `Slab photo ${i + 1}`,
        type: 'photo',
      })),
      public_metrics: { reply_count: 7, retweet_count: 1234, like_count: 56 },
    }),
    post('1860000000000000002', HOSTILE_TEXT),
  ],
};

function renderFeed(reply: { status?: number; body?: unknown }) {
  fakeFetch({ '/api/twitter/feed': [reply] });
  // Server errors are asked again once (lib/api/retry.ts): at once here.
  renderWithProviders(<XPostScroller />, { queries: { retryDelay: 0 } });
}

beforeEach(() => resetRequestLayer());
afterEach(() => vi.unstubAllGlobals());

describe('Latest from X', () => {
  it('links entities by code point, shows up to 4 media and the counts', async () => {
    renderFeed({ body: FEED });
    const posts = await screen.findAllByTestId('x-post');
    expect(posts).toHaveLength(2);
    const first = within(posts[0]!);
    expect(posts[0]!.textContent).toContain('Grail Machine');
    expect(posts[0]!.textContent).toContain('@GrailMachine');
    expect(posts[0]!.querySelector('time')!.textContent).toBe('Nov 21, 2026');
    const text = first.getByTestId('x-post-text');
    expect(text.textContent).toBe(LINKED_TEXT);
    const links = within(text);
    expect(links.getByRole('link', { name: '@CardShopLive' }).getAttribute('href')).toBe(
      'https://x.com/CardShopLive',
    );
    expect(
      links.getByRole('link', { name: 'grailmachine.example/store' }).getAttribute('href'),
    ).toBe('https://grailmachine.example/store');
    expect(links.getByRole('link', { name: '#TheHobby' }).getAttribute('href')).toBe(
      'https://x.com/hashtag/TheHobby',
    );
    expect(links.getAllByRole('link')).toHaveLength(3);
    expect(within(first.getByTestId('x-post-media')).getAllByRole('img')).toHaveLength(4);
    expect(first.getByRole('img', { name: 'Slab photo 4' })).toBeDefined();
    expect(first.getByTestId('x-post-metrics').textContent).toBe('7 replies1,234 reposts56 likes');
  });

  it('post text holding <script> or <img onerror> is shown as text and never runs', async () => {
    renderFeed({ body: FEED });
    const posts = await screen.findAllByTestId('x-post');
    const hostile = within(posts[1]!).getByTestId('x-post-text');
    expect(hostile.textContent).toBe(HOSTILE_TEXT);
    expect(hostile.querySelectorAll('script, img')).toHaveLength(0);
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('an empty feed says so', async () => {
    renderFeed({ body: { tweets: [] } });
    expect(await screen.findByText('No recent posts to display.')).toBeDefined();
  });

  it('a feed error says so', async () => {
    renderFeed({ status: 500, body: { message: 'boom', error: 'Internal Server Error' } });
    expect(await screen.findByText('Could not load X feed.')).toBeDefined();
  });
});
