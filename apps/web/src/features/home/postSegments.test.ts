import { describe, expect, it } from 'vitest';
import { postSegments } from './postSegments';

const none = { urls: [], mentions: [], hashtags: [] };

describe('X post text from entity offsets', () => {
  it('links urls, mentions and hashtags at code-point offsets, after emoji', () => {
    const text = '🏈🔥 Go @GrailMachine https://t.co/x1 #TheHobby';
    expect(
      postSegments({
        text,
        entities: {
          urls: [
            {
              start: 20,
              end: 35,
              expanded_url: 'https://grailmachine.example/store',
              display_url: 'grailmachine.example/store',
            },
          ],
          mentions: [{ start: 6, end: 19, username: 'GrailMachine' }],
          hashtags: [{ start: 36, end: 45, tag: 'TheHobby' }],
        },
      }),
    ).toEqual([
      { kind: 'text', text: '🏈🔥 Go ' },
      { kind: 'mention', text: '@GrailMachine', href: 'https://x.com/GrailMachine' },
      { kind: 'text', text: ' ' },
      {
        kind: 'url',
        text: 'grailmachine.example/store',
        href: 'https://grailmachine.example/store',
      },
      { kind: 'text', text: ' ' },
      { kind: 'hashtag', text: '#TheHobby', href: 'https://x.com/hashtag/TheHobby' },
    ]);
  });

  it('keeps markup as plain text', () => {
    const text = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    expect(postSegments({ text, entities: none })).toEqual([{ kind: 'text', text }]);
  });

  it('skips overlapping and out-of-range entities instead of linking the wrong words', () => {
    expect(
      postSegments({
        text: '#a #b',
        entities: {
          ...none,
          hashtags: [
            { start: 0, end: 2, tag: 'a' },
            { start: 1, end: 4, tag: 'x' },
            { start: 3, end: 9, tag: 'b' },
          ],
        },
      }),
    ).toEqual([
      { kind: 'hashtag', text: '#a', href: 'https://x.com/hashtag/a' },
      { kind: 'text', text: ' #b' },
    ]);
  });
});
