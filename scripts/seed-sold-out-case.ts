/**
 * Puts the demo catalogue and a large case, sold out, into a new embedded database, so a page that
 * lists a case's every pull (the fairness page) can be measured at the size a real case reaches
 * beside the demo's pages:
 *   node --import tsx scripts/seed-sold-out-case.ts DATA_DIR [--cards 2000]
 * DATA_DIR is the API's PGlite folder (its app-secret, which seals the server seed, is read or made
 * there, as the API does); no API may have it open. The demo loads first, as the API's start would
 * load it (the API then finds it loaded); its case goes live once the large case has sold out, as
 * one case is live at a time. Buyers are made directly in the database, and each pack is bought
 * through the real purchase service, so every pull follows the draw rule and the fairness page's
 * check verifies it. Prints the large case's id.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { resolve } from 'node:path';
import { loadConfig } from '../apps/api/src/config.js';
import { openDatabase } from '../apps/api/src/db/client.js';
import { migrateDatabase } from '../apps/api/src/db/migrate.js';
import { cards, users } from '../apps/api/src/db/schema/index.js';
import { resolveAppSecret } from '../apps/api/src/secret.js';
import { createServices } from '../apps/api/src/services.js';
import { demoBreakStep } from '../apps/api/src/modules/breaks/demo-break.js';
import { seedDemoData } from '../apps/api/src/modules/demo/demo.service.js';
import { DEMO_CASE } from '../apps/api/src/modules/grail/demo-case.js';
import { createLiveCase } from '../apps/api/test/fixtures/grail.js';
import { fund } from '../apps/api/test/fixtures/wallet.js';

const args = process.argv.slice(2);
const dataDir = args[0];
if (!dataDir || dataDir.startsWith('--')) {
  process.stderr.write('usage: seed-sold-out-case.ts DATA_DIR [--cards 2000]\n');
  process.exit(2);
}
const cardsAt = args.indexOf('--cards');
const CARDS = cardsAt >= 0 ? Number(args[cardsAt + 1]) : 2000;
/** Several buyers, so the record shows several client seeds. */
const BUYERS = 20;
const PACK_PRICE = 1;

const dir = resolve(dataDir);
const config = loadConfig({ APP_ENV: 'test', DATA_DIR: dir, LOG_LEVEL: 'silent' });
const database = await openDatabase({ dataDir: dir });
try {
  await migrateDatabase(database);
  const services = createServices({
    config: { ...config, APP_SECRET: resolveAppSecret(config.APP_SECRET, dir) },
    database,
  });
  let demoCaseCards: string[] = [];
  await seedDemoData(database, services.images, [
    async (_tx, seeded) => {
      demoCaseCards = seeded.caseCardIds;
    },
    demoBreakStep(services.breaksAdmin),
  ]);
  const buyers = [];
  for (let i = 0; i < BUYERS; i++) {
    const [user] = await database.db
      .insert(users)
      .values({
        email: `fairness-${i}-${randomUUID()}@example.com`,
        username: `fairness_${i}_${randomBytes(3).toString('hex')}`,
        passwordHash: 'x',
        emailVerifiedAt: new Date(),
        displayName: `Collector ${i + 1}`,
        dateOfBirth: '1990-01-01',
        termsAcceptedAt: new Date(),
        termsVersion: 'seed',
      })
      .returning();
    await fund(database, user!.id, Math.ceil(CARDS / BUYERS) * PACK_PRICE * 100);
    const session = await services.sessions.create(user!.id);
    buyers.push({ user: user!, sessionId: session.id });
  }
  const { caseId, cardIds } = await createLiveCase(database, services.grailAdmin, {
    size: CARDS,
    packPrice: PACK_PRICE,
    name: `Sold-out case of ${CARDS}`,
  });
  // The test cards name pictures that do not exist; without any, pages draw their placeholder
  // rather than asking for a missing image (a console error that Lighthouse counts).
  await database.db.update(cards).set({ imageIds: [] }).where(inArray(cards.id, cardIds));
  for (let k = 0; k < CARDS; k++) {
    const { user, sessionId } = buyers[k % BUYERS]!;
    await services.grail.buyPack(user, caseId, {}, `seed-${k}`, sessionId);
  }
  const demoCase = await services.grailAdmin.createCase({ ...DEMO_CASE, activationTime: null });
  await services.grailAdmin.addCards(demoCase, demoCaseCards);
  await services.grailAdmin.goLive(demoCase);
  process.stdout.write(`${caseId}\n`);
} finally {
  await database.close();
}
