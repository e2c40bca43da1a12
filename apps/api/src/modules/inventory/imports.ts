import type { FastifyBaseLogger } from 'fastify';
import { and, asc, count, eq, inArray, lte, sql } from 'drizzle-orm';
import type { InventoryImportJob } from '@grail/contract';
import type { Db, Tx } from '../../db/client.js';
import { notifyChange } from '../../lib/hot-changes.js';
import { cards, inventoryImportRows, inventoryImports } from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors.js';
import { ImageFetchError, fetchImage, type ImageFetchOptions } from '../../lib/image-fetch.js';
import type { EncodedImage, ImagesService } from '../images/images.service.js';
import type { AuditService } from '../audit/audit.service.js';
import type { ImageRef, ImportedCard } from './csv.js';

type JobRow = typeof inventoryImports.$inferSelect;
/** A row's card as the job keeps it: uploaded files already stored, URLs still to fetch. */
type JobCard = Omit<ImportedCard, 'line' | 'images'> & {
  images: Exclude<ImageRef, { kind: 'file' }>[];
};

const INSERT_BATCH = 500;

export interface ImportJobOptions {
  /** How long a claim holds a job; each row written renews it. */
  leaseMs?: number;
  /** Image fetches in flight at once for one job (each holds one image in memory). */
  fetchesAtOnce?: number;
  log?: FastifyBaseLogger;
}

/**
 * Imports whose rows name image URLs (decision 019). The request checks the file and writes the
 * job; a worker in each instance claims it (FOR UPDATE SKIP LOCKED, pushing lease_until ahead,
 * as the outbox does) and fetches a few images at a time, holding only those in memory. Each row
 * is written in its own transaction with its card and the lease's renewal, so progress is
 * durable; if the claimer dies, its lease runs out and another instance carries on with the rows
 * still pending. A row whose image cannot be had is left out with its reason.
 */
export class InventoryImports {
  private readonly leaseMs: number;
  private readonly fetchesAtOnce: number;

  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
    private readonly images: ImagesService,
    private readonly fetchOptions: ImageFetchOptions,
    private readonly opts: ImportJobOptions = {},
  ) {
    this.leaseMs = opts.leaseMs ?? 120_000;
    this.fetchesAtOnce = opts.fetchesAtOnce ?? 3;
  }

  /** Stores the uploaded files' images and writes the job with its rows, in one transaction. */
  async start(
    actorId: string,
    parsed: ImportedCard[],
    files: ReadonlyMap<string, EncodedImage>,
  ): Promise<InventoryImportJob> {
    return this.db.transaction(async (tx) => {
      const stored = new Map<string, string>();
      for (const [name, image] of files) stored.set(name, await this.images.save(image, name, tx));
      const [job] = await tx
        .insert(inventoryImports)
        .values({ actorId, totalRows: parsed.length })
        .returning();
      const rows = parsed.map(({ line, images, ...card }) => ({
        importId: job!.id,
        line,
        card: {
          ...card,
          images: images.map((r) =>
            r.kind === 'file' ? { kind: 'stored' as const, id: stored.get(r.name)! } : r,
          ),
        } satisfies JobCard,
      }));
      for (let i = 0; i < rows.length; i += INSERT_BATCH)
        await tx.insert(inventoryImportRows).values(rows.slice(i, i + INSERT_BATCH));
      return this.view(job!.id, tx);
    });
  }

  /** A job's progress as staff see it. */
  async view(importId: string, db: Db | Tx = this.db): Promise<InventoryImportJob> {
    const [job] = await db.select().from(inventoryImports).where(eq(inventoryImports.id, importId));
    if (!job) throw notFound('No import with this id');
    const [counts, failures] = await Promise.all([
      db
        .select({ status: inventoryImportRows.status, n: count() })
        .from(inventoryImportRows)
        .where(eq(inventoryImportRows.importId, importId))
        .groupBy(inventoryImportRows.status),
      db
        .select({ line: inventoryImportRows.line, error: inventoryImportRows.error })
        .from(inventoryImportRows)
        .where(
          and(eq(inventoryImportRows.importId, importId), eq(inventoryImportRows.status, 'failed')),
        )
        .orderBy(asc(inventoryImportRows.line)),
    ]);
    const countOf = (status: string) => counts.find((c) => c.status === status)?.n ?? 0;
    return {
      _id: job.id,
      status: job.status,
      total: job.totalRows,
      imported: countOf('imported'),
      failed: countOf('failed'),
      failures: failures.map((f) => ({
        line: f.line,
        column: 'image URLs',
        message: f.error ?? '',
      })),
      createdAt: job.createdAt.toISOString(),
      finishedAt: job.finishedAt?.toISOString() ?? null,
    };
  }

  /** Claims one running job that no live claim holds (a new one, or a dead claimer's). */
  async claim(): Promise<JobRow | null> {
    const due = this.db
      .select({ id: inventoryImports.id })
      .from(inventoryImports)
      .where(
        and(eq(inventoryImports.status, 'running'), lte(inventoryImports.leaseUntil, sql`now()`)),
      )
      .orderBy(asc(inventoryImports.createdAt))
      .limit(1)
      .for('update', { skipLocked: true });
    const [job] = await this.db
      .update(inventoryImports)
      .set({
        attempts: sql`${inventoryImports.attempts} + 1`,
        leaseUntil: sql`now() + ${this.leaseMs} * interval '1 millisecond'`,
      })
      .where(inArray(inventoryImports.id, due))
      .returning();
    return job ?? null;
  }

  /** Claims a due job and works it to the end (or until `stopping`); false when there was none. */
  async workDue(stopping: () => boolean = () => false): Promise<boolean> {
    const job = await this.claim();
    if (!job) return false;
    await this.work(job, stopping);
    return true;
  }

  /**
   * Works a claimed job's pending rows, a few at a time, then closes it. When the claim was lost
   * it stops; when the instance is stopping it hands the job back (the lease ends now).
   */
  async work(job: JobRow, stopping: () => boolean = () => false): Promise<void> {
    // Only the claim that is still current may write (its attempts count says so).
    const ours = and(
      eq(inventoryImports.id, job.id),
      eq(inventoryImports.attempts, job.attempts),
      eq(inventoryImports.status, 'running'),
    );
    const pending = await this.db
      .select({ line: inventoryImportRows.line, card: inventoryImportRows.card })
      .from(inventoryImportRows)
      .where(
        and(eq(inventoryImportRows.importId, job.id), eq(inventoryImportRows.status, 'pending')),
      )
      .orderBy(asc(inventoryImportRows.line));
    // An image named by several rows is fetched once per claim; only its id is kept.
    const fetched = new Map<string, Promise<string>>();
    let lost = false;
    const next = async (): Promise<void> => {
      for (let row = pending.shift(); row && !lost && !stopping(); row = pending.shift()) {
        const held = await this.workRow(job.id, row.line, row.card as JobCard, fetched, ours);
        if (!held) lost = true;
      }
    };
    await Promise.all(Array.from({ length: this.fetchesAtOnce }, next));
    if (lost) return;
    if (stopping()) {
      await this.db
        .update(inventoryImports)
        .set({ leaseUntil: sql`now()` })
        .where(ours);
      return;
    }
    await this.finish(job, ours);
  }

  /** Fetches a row's images, then writes its card (or its failure) and renews the lease. */
  private async workRow(
    importId: string,
    line: number,
    card: JobCard,
    fetched: Map<string, Promise<string>>,
    ours: ReturnType<typeof and>,
  ): Promise<boolean> {
    const imageIds: string[] = [];
    let error: string | null = null;
    for (const ref of card.images) {
      if (ref.kind === 'stored') {
        imageIds.push(ref.id);
        continue;
      }
      let id = fetched.get(ref.url);
      if (!id) fetched.set(ref.url, (id = this.fetchAndStore(ref.url)));
      try {
        imageIds.push(await id);
      } catch (err) {
        if (!(err instanceof ImageFetchError || err instanceof AppError)) throw err;
        error = `${ref.url.slice(0, 80)} ${err.message}`;
        break;
      }
    }
    return this.db.transaction(async (tx) => {
      const [held] = await tx
        .update(inventoryImports)
        .set({ leaseUntil: sql`now() + ${this.leaseMs} * interval '1 millisecond'` })
        .where(ours)
        .returning({ id: inventoryImports.id });
      if (!held) return false;
      let cardId: string | null = null;
      if (error === null) {
        const { images: _refs, ...fields } = card;
        const [written] = await tx
          .insert(cards)
          .values({ ...fields, imageIds })
          .returning({ id: cards.id });
        cardId = written!.id;
        await notifyChange('catalog', tx);
      }
      await tx
        .update(inventoryImportRows)
        .set({ status: error === null ? 'imported' : 'failed', error, cardId })
        .where(
          and(
            eq(inventoryImportRows.importId, importId),
            eq(inventoryImportRows.line, line),
            eq(inventoryImportRows.status, 'pending'),
          ),
        );
      return true;
    });
  }

  /** One image from the network into storage: only this image is in memory meanwhile. */
  private async fetchAndStore(url: string): Promise<string> {
    const image = await this.images.encode(await fetchImage(url, this.fetchOptions));
    return this.db.transaction((tx) => this.images.save(image, url.slice(0, 200), tx));
  }

  private async finish(job: JobRow, ours: ReturnType<typeof and>): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [done] = await tx
        .update(inventoryImports)
        .set({ status: 'done', finishedAt: sql`now()` })
        .where(ours)
        .returning({ id: inventoryImports.id });
      if (!done) return;
      const view = await this.view(job.id, tx);
      await this.audit.record(
        {
          actorId: job.actorId,
          action: 'inventory.import',
          subjectType: 'inventory',
          subjectId: 'import',
          before: null,
          after: { importId: job.id, imported: view.imported, failed: view.failed },
        },
        tx,
      );
    });
    this.opts.log?.info({ importId: job.id }, 'inventory import finished');
  }
}
