import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNull,
  lte,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  centsToDollars,
  dollarsToCents,
  imageUrl,
  type InventoryCard,
  type InventoryImportResponse,
  type InventoryQuery,
  type UpdateInventoryCardBody,
} from '@grail/contract';
import { cardSearch } from './inventory.reads.js';
import { cardIdentity } from './card-identity.view.js';
import type { Db, Tx } from '../../db/client.js';
import { notifyChange } from '../../lib/hot-changes.js';
import { cards } from '../../db/schema/index.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import {
  imageFetchOptionsFromEnv,
  isImageBytes,
  type ImageFetchOptions,
} from '../../lib/image-fetch.js';
import {
  unknownImageIds,
  type EncodedImage,
  type ImagesService,
} from '../images/images.service.js';
import { cardIdsOfCase, caseNames, casesOfCards } from '../grail/grail.reads.js';
import type { AuditService } from '../audit/audit.service.js';
import { InventoryImports } from './imports.js';
import { gradeValueOf, inventoryCsvHeader, inventoryCsvLine, readInventoryCsv } from './csv.js';

type Filters = Omit<InventoryQuery, 'page' | 'pageSize'>;
type CardRow = typeof cards.$inferSelect;
interface Row {
  card: CardRow;
  caseId: string | null;
  caseName: string | null;
  caseStatus: string | null;
}

const EXPORT_BATCH = 500;
const INSERT_BATCH = 500;

function toView({ card, caseId, caseName, caseStatus }: Row): InventoryCard {
  return {
    cardId: card.id,
    name: card.name,
    ...cardIdentity(card),
    certNumber: card.certNumber,
    fmv: centsToDollars(card.fmvCents),
    storePrice: card.storePriceCents === null ? null : centsToDollars(card.storePriceCents),
    status: card.status,
    imageUrls: card.imageIds.map(imageUrl),
    case: caseId ? { caseId, name: caseName ?? '', status: caseStatus ?? '' } : null,
    updatedAt: card.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of a card: the fields staff can change. */
function auditView(card: InventoryCard) {
  const {
    cardId: _id,
    imageUrls: _images,
    case: _case,
    updatedAt: _at,
    status: _s,
    ...fields
  } = card;
  return fields;
}

/** The staff inventory: every card, whatever its status, searched, edited, imported and exported. */
export class InventoryService {
  /** Imports with image URLs, worked in the background. */
  readonly jobs: InventoryImports;

  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
    private readonly images: ImagesService,
    private readonly fetchOptions: ImageFetchOptions = imageFetchOptionsFromEnv(),
  ) {
    this.jobs = new InventoryImports(db, audit, images, fetchOptions);
  }

  private condition(f: Filters): SQL | undefined {
    const where: SQL[] = [];
    if (f.q) where.push(cardSearch(f.q, { certNumber: true }));
    if (f.status) where.push(eq(cards.status, f.status));
    if (f.caseId) where.push(inArray(cards.id, cardIdsOfCase(this.db, f.caseId)));
    if (f.sport)
      where.push(
        ilike(
          cards.sport,
          f.sport.replace(/[\\%_]/g, (c) => `\\${c}`),
        ),
      );
    if (f.grader === 'raw') where.push(isNull(cards.grader));
    else if (f.grader) where.push(eq(cards.grader, f.grader));
    if (f.minFmv !== undefined) where.push(gte(cards.fmvCents, dollarsToCents(f.minFmv)));
    if (f.maxFmv !== undefined) where.push(lte(cards.fmvCents, dollarsToCents(f.maxFmv)));
    return where.length > 0 ? and(...where) : undefined;
  }

  /** These cards with the case each is in (a card goes into one case at most). */
  private async withCases(cardRows: CardRow[], db: Db | Tx = this.db): Promise<Row[]> {
    const cases = await casesOfCards(
      db,
      cardRows.map((c) => c.id),
    );
    return cardRows.map((card) => {
      const c = cases.get(card.id);
      return {
        card,
        caseId: c?.caseId ?? null,
        caseName: c?.name ?? null,
        caseStatus: c?.status ?? null,
      };
    });
  }

  async list(query: InventoryQuery) {
    const where = this.condition(query);
    const [rows, [total], sports, cases] = await Promise.all([
      this.db
        .select()
        .from(cards)
        .where(where)
        .orderBy(desc(cards.updatedAt), asc(cards.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize)
        .then((page) => this.withCases(page)),
      this.db.select({ n: count() }).from(cards).where(where),
      this.db.selectDistinct({ sport: cards.sport }).from(cards).orderBy(asc(cards.sport)),
      caseNames(this.db),
    ]);
    return {
      cards: rows.map(toView),
      total: total?.n ?? 0,
      page: query.page,
      pageSize: query.pageSize,
      sports: sports.map((s) => s.sport),
      cases,
    };
  }

  private async one(id: string, db: Db | Tx = this.db): Promise<InventoryCard> {
    const [card] = await db.select().from(cards).where(eq(cards.id, id)).limit(1);
    if (!card) throw notFound('Card not found');
    const [row] = await this.withCases([card], db);
    return toView(row!);
  }

  /**
   * Changes a card and records who changed what. A card of a committed Grail case keeps its
   * value fields: the database refuses (migration 0007) and the API answers 409.
   */
  async update(
    actorId: string,
    cardId: string,
    body: UpdateInventoryCardBody,
  ): Promise<InventoryCard> {
    return this.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(cards).where(eq(cards.id, cardId)).for('update');
      if (!locked) throw notFound('Card not found');
      const before = await this.one(cardId, tx);
      const grader = body.grader !== undefined ? body.grader : locked.grader;
      const grade = body.grade !== undefined ? body.grade || null : locked.grade;
      if ((grader === null) !== (grade === null))
        throw badRequest(
          grader
            ? 'Invalid body grade: a graded card needs its grade'
            : 'Invalid body grade: a raw card has no grade',
          { field: 'grade' },
        );
      const gradeValue = grade === null ? null : gradeValueOf(grade);
      if (grade !== null && gradeValue === null)
        throw badRequest(
          'Invalid body grade: must end in a grade from 1 to 10, such as "GEM MT 10"',
          {
            field: 'grade',
          },
        );
      await tx
        .update(cards)
        .set({
          ...(body.name !== undefined && { name: body.name }),
          ...(body.player !== undefined && { player: body.player }),
          ...(body.year !== undefined && { year: body.year }),
          ...(body.setName !== undefined && { setName: body.setName }),
          ...(body.cardNumber !== undefined && { cardNumber: body.cardNumber }),
          ...(body.sport !== undefined && { sport: body.sport }),
          ...(body.team !== undefined && { team: body.team || null }),
          ...(body.certNumber !== undefined && { certNumber: body.certNumber || null }),
          ...(body.fmv !== undefined && { fmvCents: dollarsToCents(body.fmv) }),
          ...(body.storePrice !== undefined && {
            storePriceCents: body.storePrice === null ? null : dollarsToCents(body.storePrice),
          }),
          grader,
          grade,
          gradeValue,
          updatedAt: sql`now()`,
        })
        .where(eq(cards.id, cardId));
      const after = await this.one(cardId, tx);
      await this.audit.record(
        {
          actorId,
          action: 'card.update',
          subjectType: 'card',
          subjectId: cardId,
          before: auditView(before),
          after: auditView(after),
        },
        tx,
      );
      // The card may be on sale and in a case: both kinds of public read drop their copies.
      await notifyChange(['catalog', 'grail'], tx);
      return after;
    });
  }

  /**
   * A CSV import: every line checked (stored images looked up, uploaded files matched by name,
   * URLs checked by syntax) before anything is written. Then, unless it is a dry run: when rows
   * name image URLs, a job fetches them in the background and writes each row once its images are
   * stored (`jobs`); otherwise every uploaded image is encoded, and only when all succeeded are the
   * images and the cards written in one transaction with one audit entry.
   */
  async import(
    actorId: string,
    csv: string,
    dryRun: boolean,
    files: ReadonlyMap<string, Buffer> = new Map(),
  ): Promise<InventoryImportResponse> {
    const { rows, cards: parsed, errors } = readInventoryCsv(csv, this.fetchOptions);
    if (errors.length === 0) {
      const wanted = [
        ...new Set(
          parsed.flatMap((c) => c.images.flatMap((r) => (r.kind === 'stored' ? [r.id] : []))),
        ),
      ];
      const unknown = new Set<string>();
      for (let i = 0; i < wanted.length; i += INSERT_BATCH) {
        for (const id of await unknownImageIds(wanted.slice(i, i + INSERT_BATCH), this.db))
          unknown.add(id);
      }
      for (const card of parsed) {
        const missing = card.images.flatMap((r) =>
          r.kind === 'stored' && unknown.has(r.id) ? [r.id] : [],
        );
        if (missing.length > 0)
          errors.push({
            line: card.line,
            column: 'image URLs',
            message: `no stored image ${missing.join(', ')}`,
          });
        for (const ref of card.images) {
          if (ref.kind !== 'file') continue;
          const file = files.get(ref.name);
          if (!file)
            errors.push({
              line: card.line,
              column: 'image URLs',
              message: `${ref.name} is not among the uploaded files`,
            });
          else if (!isImageBytes(file))
            errors.push({
              line: card.line,
              column: 'image URLs',
              message: `${ref.name} is not a JPEG, PNG or WebP image`,
            });
        }
      }
    }
    if (dryRun || errors.length > 0) return { dryRun, rows, errors, imported: 0 };

    // CPU work before the transaction: a file that does not encode writes nothing.
    const encoded = new Map<string, EncodedImage>();
    for (const card of parsed) {
      for (const ref of card.images) {
        if (ref.kind !== 'file' || encoded.has(ref.name)) continue;
        try {
          encoded.set(ref.name, await this.images.encode(files.get(ref.name)!));
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          errors.push({
            line: card.line,
            column: 'image URLs',
            message: `${ref.name} ${err.message}`,
          });
          return { dryRun, rows, errors, imported: 0 };
        }
      }
    }
    // Image URLs are fetched by a job in the background (decision 019), never in the request.
    if (parsed.some((c) => c.images.some((r) => r.kind === 'url')))
      return {
        dryRun,
        rows,
        errors,
        imported: 0,
        job: await this.jobs.start(actorId, parsed, encoded),
      };

    const ids = await this.db.transaction(async (tx) => {
      const stored = new Map<string, string>();
      for (const [name, image] of encoded)
        stored.set(name, await this.images.save(image, name.slice(0, 200), tx));
      const rowsToWrite = parsed.map(({ line: _line, images: refs, ...card }) => ({
        ...card,
        // No URL is left here: those imports went to a job above.
        imageIds: refs.map((r) =>
          r.kind === 'file' ? stored.get(r.name)! : (r as { id: string }).id,
        ),
      }));
      const written: string[] = [];
      for (let i = 0; i < rowsToWrite.length; i += INSERT_BATCH) {
        const inserted = await tx
          .insert(cards)
          .values(rowsToWrite.slice(i, i + INSERT_BATCH))
          .returning({ id: cards.id });
        written.push(...inserted.map((r) => r.id));
      }
      await this.audit.record(
        {
          actorId,
          action: 'inventory.import',
          subjectType: 'inventory',
          subjectId: 'import',
          before: null,
          after: { imported: written.length, cardIds: written, images: encoded.size },
        },
        tx,
      );
      await notifyChange('catalog', tx);
      return written;
    });
    return { dryRun, rows, errors, imported: ids.length };
  }

  /** The filtered inventory as CSV lines, read in batches so a large export never sits in memory. */
  async *exportCsv(filters: Filters): AsyncGenerator<string> {
    yield inventoryCsvHeader();
    const where = this.condition(filters);
    let after: string | null = null;
    for (;;) {
      const batch = await this.db
        .select()
        .from(cards)
        .where(and(where, after ? gt(cards.id, after) : undefined))
        .orderBy(asc(cards.id))
        .limit(EXPORT_BATCH);
      for (const card of batch) {
        yield inventoryCsvLine({ ...card, imageUrls: card.imageIds.map(imageUrl) });
      }
      if (batch.length < EXPORT_BATCH) return;
      after = batch.at(-1)!.id;
    }
  }
}
