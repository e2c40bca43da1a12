import { describe, expect, it } from 'vitest';
import { buildEmbed, EMBED_LIMITS, embedLength, grailPullEmbed, truncate } from './embed.js';

describe('discord embeds: within Discord limits', () => {
  it('cuts a text to its limit with an ellipsis, never splitting an emoji', () => {
    expect(truncate('short', 10)).toBe('short');
    expect(truncate('abcdefghij', 5)).toBe('abcd…');
    const cut = truncate('ab😀😀😀', 4);
    expect(cut).toBe('ab…');
    expect(cut.length).toBeLessThanOrEqual(4);
  });

  it('keeps title, description, author, footer and every field within their own limits', () => {
    const e = buildEmbed({
      title: 'T'.repeat(1000),
      description: 'D'.repeat(5000),
      author: 'A'.repeat(300),
      footer: 'F'.repeat(3000),
      fields: [{ name: 'N'.repeat(300), value: 'V'.repeat(2000) }],
    });
    expect(e.title).toHaveLength(EMBED_LIMITS.title);
    expect(e.title.endsWith('…')).toBe(true);
    expect(e.author!.name).toHaveLength(EMBED_LIMITS.author);
    expect(e.fields[0]!.name).toHaveLength(EMBED_LIMITS.fieldName);
    expect(e.fields[0]!.value).toHaveLength(EMBED_LIMITS.fieldValue);
    expect(embedLength(e)).toBeLessThanOrEqual(EMBED_LIMITS.total);
    expect(e.description!.length).toBeLessThanOrEqual(EMBED_LIMITS.description);
  });

  it('keeps at most 25 fields and never sends an empty name or value', () => {
    const e = buildEmbed({
      title: '',
      fields: Array.from({ length: 40 }, (_, i) => ({ name: i ? `F${i}` : '', value: '' })),
    });
    expect(e.fields).toHaveLength(EMBED_LIMITS.fields);
    expect(e.title).toBe('\u200b');
    expect(e.fields[0]).toEqual({ name: '\u200b', value: '\u200b' });
  });

  it('stays within 6,000 characters in all: the description gives way first, then the last fields', () => {
    const fields = Array.from({ length: 25 }, (_, i) => ({
      name: `Field ${i}`,
      value: 'v'.repeat(1024),
    }));
    const e = buildEmbed({ title: 'Title', description: 'd'.repeat(4096), fields });
    expect(embedLength(e)).toBeLessThanOrEqual(EMBED_LIMITS.total);
    // 25 full fields alone are over 6,000: the description went, then fields from the end.
    expect(e.description).toBeUndefined();
    expect(e.fields.length).toBeLessThan(25);
    expect(e.fields[0]!.name).toBe('Field 0');

    const mild = buildEmbed({
      title: 'Title',
      description: 'd'.repeat(4096),
      fields: fields.slice(0, 2),
    });
    expect(embedLength(mild)).toBe(EMBED_LIMITS.total);
    expect(mild.fields).toHaveLength(2);
    expect(mild.description!.endsWith('…')).toBe(true);
  });

  it("builds a grail pull's announcement with its image, grade, FMV, case and collector", () => {
    const e = grailPullEmbed({
      cardName: '2018 Prizm Luka Doncic #280',
      grader: 'PSA',
      grade: '10',
      fmvCents: 123_456,
      caseName: 'Grail Case',
      pulledBy: 'Anonymous',
      imageUrl: 'https://grail.example/api/images/abc',
      url: 'https://grail.example/grail-machine',
      pulledAt: '2026-11-25T00:00:00.000Z',
    });
    expect(e.image).toEqual({ url: 'https://grail.example/api/images/abc' });
    expect(e.fields).toEqual([
      { name: 'Card', value: '2018 Prizm Luka Doncic #280' },
      { name: 'Grade', value: 'PSA 10', inline: true },
      { name: 'FMV', value: '$1,234.56', inline: true },
      { name: 'Case', value: 'Grail Case', inline: true },
      { name: 'Pulled by', value: 'Anonymous', inline: true },
    ]);
  });
});
