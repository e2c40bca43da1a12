import type { XPost } from '@grail/contract';

/** The code-point span of `token` in `text`, as X reports entity offsets. */
function spanOf(text: string, token: string) {
  const at = text.indexOf(token);
  if (at < 0) throw new Error(`demo post lacks ${token}`);
  const start = Array.from(text.slice(0, at)).length;
  return { start, end: start + Array.from(token).length };
}
const link = (text: string, display_url: string) => ({
  ...spanOf(text, display_url),
  expanded_url: `https://${display_url}`,
  display_url,
});
const hashtag = (text: string, tag: string) => ({ ...spanOf(text, `#${tag}`), tag });
const mention = (text: string, username: string) => ({
  ...spanOf(text, `@${username}`),
  username,
});

/**
 * What "Latest from X" shows with no X token and no saved posts, so the section is never broken.
 * Offsets count code points (the 🔥 and 📦 below are one each), as X's entities do.
 */
export function demoPosts(username: string): XPost[] {
  const user = { name: 'Grail Machine', username, profile_image_url: '/media/x-avatar.webp' };
  const post = (
    id: string,
    text: string,
    created_at: string,
    entities: (text: string) => Partial<XPost['entities']>,
    media: XPost['media'],
    public_metrics: XPost['public_metrics'],
  ): XPost => ({
    id,
    text,
    created_at,
    tweet_url: `https://x.com/${username}/status/${id}`,
    user,
    entities: { urls: [], mentions: [], hashtags: [], ...entities(text) },
    media,
    public_metrics,
  });
  return [
    post(
      '1992000000000000003',
      '🔥 A fresh Grail case just went live: 64 cards, every pack above the floor. Rip one at grailmachine.example/grail-machine #GrailMachine #TheHobby',
      '2026-11-21T18:30:00.000Z',
      (text) => ({
        urls: [link(text, 'grailmachine.example/grail-machine')],
        hashtags: [hashtag(text, 'GrailMachine'), hashtag(text, 'TheHobby')],
      }),
      [
        {
          media_key: '3_1992000000000000003',
          url: '/media/x-demo-1.webp',
          alt_text: 'A PSA 10 card pulled from the new Grail case',
          type: 'photo',
        },
        {
          media_key: '3_1992000000000000004',
          url: '/media/x-demo-2.webp',
          alt_text: 'A BGS 9.5 card from the same case',
          type: 'photo',
        },
      ],
      { reply_count: 14, retweet_count: 32, like_count: 219 },
    ),
    post(
      '1991000000000000002',
      'Huge congrats to @CaseyCollects on pulling a PSA 10 rookie from the Grail Machine! 📦 Shipped within 48 hours, as always. #Grails',
      '2026-11-20T15:05:00.000Z',
      (text) => ({
        mentions: [mention(text, 'CaseyCollects')],
        hashtags: [hashtag(text, 'Grails')],
      }),
      [],
      { reply_count: 6, retweet_count: 11, like_count: 148 },
    ),
    post(
      '1990000000000000001',
      'New arrivals in the store this week: graded rookies, vintage and raw near-mint singles. Shop them at grailmachine.example/store',
      '2026-11-18T12:00:00.000Z',
      (text) => ({ urls: [link(text, 'grailmachine.example/store')] }),
      [],
      { reply_count: 2, retweet_count: 5, like_count: 64 },
    ),
  ];
}
