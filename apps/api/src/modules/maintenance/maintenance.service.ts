import type { Db } from '../../db/client.js';
import { notifyChange } from '../../lib/hot-changes.js';
import { readSetting, writeSetting } from '../site/settings.service.js';

const KEY = 'maintenance';
interface MaintenanceSetting {
  isEnabled: boolean;
  startedAt: string | null;
}

/** How long an instance trusts its last read of the setting before a write checks again. */
const WRITE_CHECK_TTL_MS = 2_000;

/** Maintenance mode is a database setting so every instance answers the same. */
export class MaintenanceService {
  private cached: { value: MaintenanceSetting; at: number } | null = null;

  constructor(private readonly db: Db) {}

  /**
   * Whether writes are paused, read at most every 2 s per instance: a switch on one instance
   * reaches the others within that time, and a busy drop does not read the setting per purchase.
   */
  async writesPaused(now = Date.now()): Promise<boolean> {
    if (!this.cached || now - this.cached.at > WRITE_CHECK_TTL_MS) {
      this.cached = { value: await this.status(), at: now };
    }
    return this.cached.value.isEnabled;
  }

  async status(): Promise<MaintenanceSetting> {
    const value = (await readSetting(this.db, KEY)) as MaintenanceSetting | undefined;
    return value ?? { isEnabled: false, startedAt: null };
  }

  async set(isEnabled: boolean, now = new Date()): Promise<MaintenanceSetting> {
    const current = await this.status();
    const value: MaintenanceSetting = isEnabled
      ? { isEnabled, startedAt: current.isEnabled ? current.startedAt : now.toISOString() }
      : { isEnabled: false, startedAt: null };
    await writeSetting(this.db, KEY, value);
    await notifyChange('settings', this.db);
    this.cached = { value, at: Date.now() };
    return value;
  }
}
