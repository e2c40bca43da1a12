import type { XPost } from '@grail/contract';

export type PostSegment =
  | { kind: 'text'; text: string }
  | { kind: 'url' | 'mention' | 'hashtag'; text: string; href: string };

/**
 * Splits a post's text into plain text and links from its entities. Offsets are code points (as
 * X defines them), so the text is cut as an array of code points: an emoji before a link counts
 * once, not twice. Overlapping or out-of-range entities are skipped; nothing is parsed as HTML.
 */
export function postSegments(post: Pick<XPost, 'text' | 'entities'>): PostSegment[] {
  const chars = Array.from(post.text);
  const links = [
    ...post.entities.urls.map((u) => ({
      start: u.start,
      end: u.end,
      kind: 'url' as const,
      href: u.expanded_url,
      label: u.display_url,
    })),
    ...post.entities.mentions.map((m) => ({
      start: m.start,
      end: m.end,
      kind: 'mention' as const,
      href: `https://x.com/${encodeURIComponent(m.username)}`,
      label: undefined,
    })),
    ...post.entities.hashtags.map((h) => ({
      start: h.start,
      end: h.end,
      kind: 'hashtag' as const,
      href: `https://x.com/hashtag/${encodeURIComponent(h.tag)}`,
      label: undefined,
    })),
  ].sort((a, b) => a.start - b.start);

  const segments: PostSegment[] = [];
  let at = 0;
  for (const link of links) {
    if (link.start < at || link.end > chars.length || link.end <= link.start) continue;
    if (link.start > at)
      segments.push({ kind: 'text', text: chars.slice(at, link.start).join('') });
    segments.push({
      kind: link.kind,
      text: link.label ?? chars.slice(link.start, link.end).join(''),
      href: link.href,
    });
    at = link.end;
  }
  if (at < chars.length) segments.push({ kind: 'text', text: chars.slice(at).join('') });
  return segments;
}
