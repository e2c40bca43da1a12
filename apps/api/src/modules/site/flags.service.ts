import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { FEATURE_FLAGS, type FeatureFlag, type FeatureFlags, type SiteFlag } from '@grail/contract';
import type { Database } from '../../db/client.js';
import { notifyChange } from '../../lib/hot-changes.js';
import { readSetting, readSettingsStartingWith, writeSetting } from './settings.service.js';
import { emailsOf } from '../users/users.reads.js';
import { rawStatement } from '../../db/statements.js';
import type { AuditService } from '../audit/audit.service.js';

/** The NOTIFY channel a flag change writes to in its transaction: every instance re-reads on commit. */
export const SITE_FLAGS_CHANNEL = 'site_flags';
const KEY_PREFIX = 'flag:';

/** Tells every instance (on commit) to read the flags again. */
const flagNotice = rawStatement(
  'site.flag_notice',
  (flag: string) => sql`select pg_notify(${SITE_FLAGS_CHANNEL}, ${flag})`,
  'DISCORD_INTEGRATION',
);
/** A missed notification (a dropped LISTEN connection) is corrected within this time. */
export const FLAGS_REFRESH_MS = 30_000;

interface StoredFlag {
  enabled: boolean;
  changedBy: string;
  changedAt: string;
}

/**
 * Feature flags at run time. The environment gives each flag's default; a staff member's change is
 * a settings row (`flag:<NAME>`) that overrides it on every instance. Each instance holds the
 * values in memory (a flag is read on every request) and re-reads them on a NOTIFY from a change,
 * and every 30 s as a safety net.
 *
 * The values live in the config's `flags` object, updated in place, so every reader of it (the
 * routes' `flagOn`, GET /api/config, the page titles and sitemap) follows a change at once.
 */
export class FlagsService {
  private readonly defaults: FeatureFlags;
  private stored = new Map<FeatureFlag, StoredFlag>();
  private refreshing: Promise<void> = Promise.resolve();
  private unlisten: (() => Promise<void>) | null = null;
  private timer: NodeJS.Timeout | undefined;

  private readonly live: FeatureFlags;
  private readonly audit: AuditService;
  private readonly log?: Pick<FastifyBaseLogger, 'warn'>;

  constructor(
    private readonly database: Database,
    deps: {
      /** The flags as configured; kept up to date with what staff switch (config.flags). */
      live: FeatureFlags;
      audit: AuditService;
      log?: Pick<FastifyBaseLogger, 'warn'>;
    },
  ) {
    this.live = deps.live;
    this.audit = deps.audit;
    this.log = deps.log;
    this.defaults = { ...deps.live };
  }

  isOn(flag: FeatureFlag): boolean {
    return this.live[flag];
  }

  /** Reads the stored values, then follows every change until stop(). */
  async start(): Promise<void> {
    await this.refresh();
    this.unlisten = await this.database.listen(SITE_FLAGS_CHANNEL, () => void this.refresh());
    this.timer = setInterval(() => void this.refresh(), FLAGS_REFRESH_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    const unlisten = this.unlisten;
    this.unlisten = null;
    await unlisten?.();
  }

  /** Re-reads every stored flag; refreshes run one after another so the last read wins. */
  refresh(): Promise<void> {
    this.refreshing = this.refreshing.then(async () => {
      try {
        const rows = await readSettingsStartingWith(this.database.db, KEY_PREFIX);
        const stored = new Map<FeatureFlag, StoredFlag>();
        for (const row of rows) {
          const flag = row.key.slice(KEY_PREFIX.length) as FeatureFlag;
          if (FEATURE_FLAGS.includes(flag)) stored.set(flag, row.value as StoredFlag);
        }
        this.stored = stored;
        for (const flag of FEATURE_FLAGS)
          this.live[flag] = stored.get(flag)?.enabled ?? this.defaults[flag];
      } catch (err) {
        // The last values stand until the next read succeeds.
        this.log?.warn({ err }, 'feature flags could not be read');
      }
    });
    return this.refreshing;
  }

  async list(): Promise<SiteFlag[]> {
    await this.refresh();
    const actorIds = [...new Set([...this.stored.values()].map((s) => s.changedBy))];
    const emailOf = await emailsOf(this.database.db, actorIds);
    return FEATURE_FLAGS.map((flag) => {
      const stored = this.stored.get(flag);
      return {
        flag,
        enabled: this.live[flag],
        environmentDefault: this.defaults[flag],
        changedAt: stored?.changedAt ?? null,
        changedBy: stored ? (emailOf.get(stored.changedBy) ?? stored.changedBy) : null,
      };
    });
  }

  /** Sets a flag for every instance, with an audit entry, in one transaction. */
  async set(actorId: string, flag: FeatureFlag, enabled: boolean): Promise<SiteFlag[]> {
    const key = `${KEY_PREFIX}${flag}`;
    await this.database.db.transaction(async (tx) => {
      const stored = (await readSetting(tx, key, { forUpdate: true })) as StoredFlag | undefined;
      const before = stored?.enabled ?? this.defaults[flag];
      const value: StoredFlag = {
        enabled,
        changedBy: actorId,
        changedAt: new Date().toISOString(),
      };
      await writeSetting(tx, key, value);
      await this.audit.record(
        {
          actorId,
          action: 'site.flag',
          subjectType: 'flag',
          subjectId: flag,
          before: { enabled: before },
          after: { enabled },
        },
        tx,
      );
      await tx.execute(flagNotice(flag));
      // The public settings every instance keeps in memory (GET /api/config) are read again.
      await notifyChange('settings', tx);
    });
    return this.list();
  }
}
