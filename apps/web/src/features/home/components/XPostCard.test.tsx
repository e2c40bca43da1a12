import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { XPost } from '@grail/contract';
import { XPostCard } from './XPostCard';

const TEXT = 'Pulled one #TheHobby';

function post(extra: Partial<XPost> = {}): XPost {
  return {
    id: '1',
    text: TEXT,
    created_at: '2026-11-21T19:04:11.000Z',
    tweet_url: 'https://x.com/GrailMachine/status/1',
    user: { name: 'Grail Machine', username: 'GrailMachine', profile_image_url: '' },
    entities: {
      urls: [],
      mentions: [],
      hashtags: [{ start: 11, end: 20, tag: 'TheHobby' }],
    },
    media: [],
    public_metrics: { reply_count: 7, retweet_count: 1234, like_count: 56 },
    ...extra,
  } as XPost;
}

describe('XPostCard', () => {
  it('shows the author, the date, the linked text and the counts', () => {
    render(<XPostCard post={post()} />);
    const card = screen.getByTestId('x-post');
    expect(card.textContent).toContain('@GrailMachine');
    expect(screen.getByText('Nov 21, 2026').tagName).toBe('TIME');
    expect(screen.getByTestId('x-post-text').textContent).toBe(TEXT);
    expect(screen.getByRole('link', { name: '#TheHobby' }).getAttribute('href')).toBe(
      'https://x.com/hashtag/TheHobby',
    );
    expect(screen.getByTestId('x-post-metrics').textContent).toBe('7 replies1,234 reposts56 likes');
    expect(screen.queryByTestId('x-post-media')).toBeNull();
  });

  it("shows the name's first letter when the author's picture is missing or fails", () => {
    const { container, rerender } = render(<XPostCard post={post()} />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('G')).toBeDefined();

    const withPicture = post({
      user: { name: 'Grail Machine', username: 'GrailMachine', profile_image_url: '/a.webp' },
    });
    rerender(<XPostCard post={withPicture} />);
    fireEvent.error(container.querySelector('img[src="/a.webp"]')!);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('G')).toBeDefined();
  });

  it('links each picture to the post and marks videos as such', () => {
    const withMedia = post({
      media: [
        { media_key: 'a', url: '/1.webp', alt_text: 'Slab photo', type: 'photo' },
        { media_key: 'b', url: '/2.webp', type: 'video' },
      ],
    } as Partial<XPost>);
    render(<XPostCard post={withMedia} />);
    const media = screen.getByTestId('x-post-media');
    expect(within(media).getByRole('img', { name: 'Slab photo' })).toBeDefined();
    expect(within(media).getByRole('link', { name: 'Play video on X' }).getAttribute('href')).toBe(
      'https://x.com/GrailMachine/status/1',
    );
  });
});
