import { formatCents } from '@grail/contract';

/**
 * Discord embeds within Discord's limits (a message with one over any of them is refused with a
 * 400): https://discord.com/developers/docs/resources/message#embed-object-embed-limits.
 * Pure: no I/O, so every limit is tested on its own.
 */
export const EMBED_LIMITS = {
  title: 256,
  description: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
  author: 256,
  /** Title, description, field names and values, footer text and author name together. */
  total: 6000,
} as const;

export interface EmbedField {
  name: string;
  value: string;
  inline?: boolean;
}

export interface EmbedInput {
  title: string;
  description?: string;
  url?: string;
  color?: number;
  imageUrl?: string;
  author?: string;
  footer?: string;
  fields?: EmbedField[];
  timestamp?: string;
}

export interface DiscordEmbed {
  title: string;
  description?: string;
  url?: string;
  color?: number;
  image?: { url: string };
  author?: { name: string };
  footer?: { text: string };
  fields: EmbedField[];
  timestamp?: string;
}

const ELLIPSIS = '…';
/** Discord refuses an empty field name or value; a zero-width space is its accepted blank. */
const BLANK = '\u200b';

/**
 * The text cut to at most `max` UTF-16 units (what Discord counts), ending in an ellipsis when
 * cut, and never splitting a surrogate pair (an emoji in a card name stays whole or goes).
 */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 0) return '';
  let out = '';
  for (const ch of text) {
    if (out.length + ch.length > max - ELLIPSIS.length) break;
    out += ch;
  }
  return out + ELLIPSIS;
}

/** The characters an embed counts towards the 6,000 limit. */
export function embedLength(e: DiscordEmbed): number {
  return (
    e.title.length +
    (e.description?.length ?? 0) +
    (e.footer?.text.length ?? 0) +
    (e.author?.name.length ?? 0) +
    e.fields.reduce((sum, f) => sum + f.name.length + f.value.length, 0)
  );
}

/**
 * Builds the embed with each part cut to its own limit, at most 25 fields, and the whole within
 * 6,000 characters: the description gives way first, then the last fields, then the footer.
 */
export function buildEmbed(input: EmbedInput): DiscordEmbed {
  const embed: DiscordEmbed = {
    title: truncate(input.title, EMBED_LIMITS.title) || BLANK,
    fields: (input.fields ?? []).slice(0, EMBED_LIMITS.fields).map((f) => ({
      name: truncate(f.name, EMBED_LIMITS.fieldName) || BLANK,
      value: truncate(f.value, EMBED_LIMITS.fieldValue) || BLANK,
      ...(f.inline ? { inline: true } : {}),
    })),
  };
  if (input.description) embed.description = truncate(input.description, EMBED_LIMITS.description);
  if (input.url) embed.url = input.url;
  if (input.color !== undefined) embed.color = input.color;
  if (input.imageUrl) embed.image = { url: input.imageUrl };
  if (input.author) embed.author = { name: truncate(input.author, EMBED_LIMITS.author) };
  if (input.footer) embed.footer = { text: truncate(input.footer, EMBED_LIMITS.footer) };
  if (input.timestamp) embed.timestamp = input.timestamp;

  let over = embedLength(embed) - EMBED_LIMITS.total;
  if (over > 0 && embed.description) {
    const keep = embed.description.length - over;
    if (keep > ELLIPSIS.length) embed.description = truncate(embed.description, keep);
    else delete embed.description;
    over = embedLength(embed) - EMBED_LIMITS.total;
  }
  while (over > 0 && embed.fields.length > 0) {
    embed.fields.pop();
    over = embedLength(embed) - EMBED_LIMITS.total;
  }
  if (over > 0 && embed.footer) {
    const keep = embed.footer.text.length - over;
    if (keep > ELLIPSIS.length) embed.footer.text = truncate(embed.footer.text, keep);
    else delete embed.footer;
  }
  return embed;
}

/** What a grail pull's announcement shows. */
export interface GrailPullAnnouncement {
  cardName: string;
  grader: string | null;
  grade: string | null;
  fmvCents: number;
  caseName: string;
  /** The collector's name, or 'Anonymous' when they hide their pulls. */
  pulledBy: string;
  imageUrl?: string;
  url: string;
  pulledAt: string;
}

/** The Discord embed of a pull above the announcement threshold. */
export function grailPullEmbed(p: GrailPullAnnouncement): DiscordEmbed {
  const grade = [p.grader, p.grade].filter(Boolean).join(' ');
  return buildEmbed({
    title: `Grail pulled: ${p.cardName}`,
    description: `${p.pulledBy} just pulled ${p.cardName} from ${p.caseName}.`,
    url: p.url,
    color: 0xd4af37,
    ...(p.imageUrl ? { imageUrl: p.imageUrl } : {}),
    fields: [
      { name: 'Card', value: p.cardName },
      { name: 'Grade', value: grade || 'Raw', inline: true },
      { name: 'FMV', value: formatCents(p.fmvCents), inline: true },
      { name: 'Case', value: p.caseName, inline: true },
      { name: 'Pulled by', value: p.pulledBy, inline: true },
    ],
    footer: 'Grail Machine',
    timestamp: p.pulledAt,
  });
}
