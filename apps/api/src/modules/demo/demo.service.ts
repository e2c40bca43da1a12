import type { Database, Tx } from '../../db/client.js';
import type { ImagesService } from '../images/images.service.js';
import { cardCount } from '../inventory/inventory.reads.js';
import { insertCard } from '../inventory/cards.service.js';
import { cardIdentity } from '../inventory/card-identity.view.js';
import { readSetting, writeSetting } from '../site/settings.service.js';
import { cardArtSvg } from './card-art.js';
import { DEMO_CASE_CARDS, DEMO_STORE_CARDS, demoCardName, type DemoCard } from './catalogue.js';

const SEEDED_KEY = 'demo_seeded';
const SEED_LOCK = 0x6465_6d6f; // "demo"

export interface SeededCatalogue {
  caseCardIds: string[];
  storeCardIds: string[];
}

/** Later steps of the demo seed (the live Grail case) run in the same transaction. */
export type DemoSeedStep = (tx: Tx, seeded: SeededCatalogue) => Promise<void>;

/** Deterministic so every fresh start shows the same certs (mulberry32). */
function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function certNumber(grader: DemoCard['grader'], rand: () => number): string | null {
  const digits = (n: number) =>
    Array.from({ length: n }, () => Math.floor(rand() * 10))
      .join('')
      .replace(/^0/, '7');
  if (grader === 'PSA') return digits(8);
  if (grader === 'BGS') return `00${digits(8)}`;
  if (grader === 'SGC') return digits(7);
  return null;
}

/**
 * Loads the demo catalogue once, on an empty database, unless DEMO_DATA=false.
 * Returns true when it seeded. Card art goes through the images module like any upload.
 */
export async function seedDemoData(
  database: Database,
  images: ImagesService,
  steps: DemoSeedStep[] = [],
): Promise<boolean> {
  return database.withAdvisoryLock(SEED_LOCK, async () => {
    const { db } = database;
    const [marker, count] = await Promise.all([readSetting(db, SEEDED_KEY), cardCount(db)]);
    if (marker !== undefined || count > 0) return false;

    const rand = prng(20261122);
    const prepared = [...DEMO_CASE_CARDS, ...DEMO_STORE_CARDS].map((card) => ({
      card,
      cert: certNumber(card.grader, rand),
    }));
    // Rasterising is CPU work outside the transaction; only the inserts run inside it.
    const art = await Promise.all(
      prepared.map(({ card, cert }) =>
        images.encode(Buffer.from(cardArtSvg({ ...card, certNumber: cert }))),
      ),
    );
    const base = Date.UTC(2026, 9, 1);
    await db.transaction(async (tx) => {
      const ids: string[] = [];
      for (const [i, { card, cert }] of prepared.entries()) {
        const imageId = await images.save(art[i]!, `${card.player}.svg`, tx);
        const storePriceCents =
          card.storeMarkup === null
            ? null
            : Math.max(100, Math.round(card.fmv * card.storeMarkup) * 100 - 1);
        const { id } = await insertCard(tx, {
          name: demoCardName(card),
          ...cardIdentity(card),
          variant: card.variant,
          gradeValue: card.gradeValue,
          certNumber: cert,
          conditionNote: card.conditionNote,
          imageIds: [imageId],
          fmvCents: card.fmv * 100,
          storePriceCents,
          status: 'available',
          // Spread over weeks so "New Arrivals" has a real order.
          createdAt: new Date(base + i * 6 * 3600 * 1000),
        });
        ids.push(id);
      }
      const seeded = {
        caseCardIds: ids.slice(0, DEMO_CASE_CARDS.length),
        storeCardIds: ids.slice(DEMO_CASE_CARDS.length),
      };
      for (const step of steps) await step(tx, seeded);
      await writeSetting(tx, SEEDED_KEY, { at: new Date().toISOString() });
    });
    return true;
  });
}
