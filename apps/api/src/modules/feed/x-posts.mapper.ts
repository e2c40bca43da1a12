import { X_POST_MEDIA_MAX, XPost } from '@grail/contract';
import type { XApiMedia, XApiPost, XApiUser, XApiUserPosts } from './x-api.client.js';

/** X escapes these in post text; the page renders text as text, so they are turned back. */
const ESCAPES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

/**
 * Unescapes the text, and maps every code-point offset of the escaped text to the unescaped one
 * (`offsets[i]` for i in 0..length), so entity spans can be moved along with it.
 */
function unescapeWithOffsets(escaped: string[]): { text: string[]; offsets: number[] } {
  const text: string[] = [];
  const offsets: number[] = [];
  for (let i = 0; i < escaped.length;) {
    const sequence = escaped[i] === '&' ? matchEscape(escaped, i) : undefined;
    const width = sequence?.length ?? 1;
    for (let k = 0; k < width; k++) offsets.push(text.length);
    text.push(sequence ? ESCAPES[sequence]! : escaped[i]!);
    i += width;
  }
  offsets.push(text.length);
  return { text, offsets };
}

function matchEscape(chars: string[], at: number): string | undefined {
  return Object.keys(ESCAPES).find((seq) => chars.slice(at, at + seq.length).join('') === seq);
}

interface Span {
  start: number;
  end: number;
}

/**
 * Where an entity sits in the unescaped text. X's offsets are code points; whether they count the
 * escaped or the unescaped text has varied, so the span is accepted only where it actually holds
 * the expected token; an entity that fits neither is dropped rather than linking the wrong words.
 */
function placeSpan(
  span: Span,
  matches: (slice: string) => boolean,
  escaped: string[],
  unescaped: { text: string[]; offsets: number[] },
): Span | undefined {
  if (span.start < 0 || span.end <= span.start) return undefined;
  if (span.end <= escaped.length && matches(escaped.slice(span.start, span.end).join(''))) {
    return { start: unescaped.offsets[span.start]!, end: unescaped.offsets[span.end]! };
  }
  if (
    span.end <= unescaped.text.length &&
    matches(unescaped.text.slice(span.start, span.end).join(''))
  ) {
    return span;
  }
  return undefined;
}

const sameHandle = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

function mediaUrl(media: XApiMedia): string | undefined {
  // Videos and GIFs have no `url`, only a still preview.
  return media.url ?? media.preview_image_url;
}

/**
 * One X API v2 post (with its expansions) as the home page shows it (`XPost`); undefined when it
 * cannot be shown.
 */
export function mapXPost(
  post: XApiPost,
  author: XApiUser,
  mediaByKey: Map<string, XApiMedia>,
): XPost | undefined {
  let escaped = Array.from(post.text);
  const urls = post.entities?.urls ?? [];
  // The link X appends for attached media duplicates the media itself: drop it from the end.
  const mediaLinks = urls.filter(
    (u) => u.media_key || /\/(photo|video)\/\d+$/.test(u.expanded_url ?? ''),
  );
  for (const link of [...mediaLinks].sort((a, b) => b.start - a.start)) {
    const tail = escaped.slice(link.end).join('');
    if (tail.trim() === '' && escaped.slice(link.start, link.end).join('') === link.url) {
      escaped = escaped.slice(0, link.start);
    }
  }
  while (escaped.length > 0 && /\s/.test(escaped[escaped.length - 1]!)) escaped.pop();
  const unescaped = unescapeWithOffsets(escaped);

  const entities = {
    urls: urls.flatMap((u) => {
      if (mediaLinks.includes(u) || !u.expanded_url) return [];
      const at = placeSpan(u, (s) => s === u.url, escaped, unescaped);
      return at
        ? [{ ...at, expanded_url: u.expanded_url, display_url: u.display_url ?? u.expanded_url }]
        : [];
    }),
    mentions: (post.entities?.mentions ?? []).flatMap((m) => {
      const at = placeSpan(m, (s) => sameHandle(s.slice(1), m.username), escaped, unescaped);
      return at ? [{ ...at, username: m.username }] : [];
    }),
    hashtags: (post.entities?.hashtags ?? []).flatMap((h) => {
      const at = placeSpan(h, (s) => s.slice(1) === h.tag, escaped, unescaped);
      return at ? [{ ...at, tag: h.tag }] : [];
    }),
  };

  const media = (post.attachments?.media_keys ?? [])
    .flatMap((key) => {
      const item = mediaByKey.get(key);
      const url = item && mediaUrl(item);
      if (!item || !url) return [];
      const type = ['photo', 'video', 'animated_gif'].includes(item.type)
        ? (item.type as 'photo' | 'video' | 'animated_gif')
        : 'photo';
      return [{ media_key: item.media_key, url, alt_text: item.alt_text ?? null, type }];
    })
    .slice(0, X_POST_MEDIA_MAX);

  const candidate = {
    id: post.id,
    text: unescaped.text.join(''),
    created_at: new Date(post.created_at).toISOString(),
    tweet_url: `https://x.com/${author.username}/status/${post.id}`,
    user: {
      name: author.name,
      username: author.username,
      profile_image_url: author.profile_image_url ?? '',
    },
    entities,
    media,
    public_metrics: {
      reply_count: post.public_metrics?.reply_count ?? 0,
      retweet_count: post.public_metrics?.retweet_count ?? 0,
      like_count: post.public_metrics?.like_count ?? 0,
    },
  };
  // The same schema the route answers with: a post that does not fit is skipped, not a 500.
  const parsed = XPost.safeParse(candidate);
  return parsed.success ? parsed.data : undefined;
}

/** The user's recent posts, newest first, as the home page shows them (`XPost`). */
export function mapXPosts(response: XApiUserPosts, profile: XApiUser): XPost[] {
  const users = new Map((response.includes?.users ?? []).map((u) => [u.id, u]));
  const mediaByKey = new Map((response.includes?.media ?? []).map((m) => [m.media_key, m]));
  return (response.data ?? []).flatMap((post) => {
    const author = (post.author_id && users.get(post.author_id)) || profile;
    const mapped = mapXPost(post, author, mediaByKey);
    return mapped ? [mapped] : [];
  });
}
