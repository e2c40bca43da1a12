import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { settings } from '../../db/schema/index.js';

const KEY = 'maintenance';
interface MaintenanceSetting {
  isEnabled: boolean;
  startedAt: string | null;
}

/** Maintenance mode is a database setting so every instance answers the same. */
export class MaintenanceService {
  constructor(private readonly db: Db) {}

  async status(): Promise<MaintenanceSetting> {
    const [row] = await this.db.select().from(settings).where(eq(settings.key, KEY)).limit(1);
    return (row?.value as MaintenanceSetting | undefined) ?? { isEnabled: false, startedAt: null };
  }

  async set(isEnabled: boolean, now = new Date()): Promise<MaintenanceSetting> {
    const current = await this.status();
    const value: MaintenanceSetting = isEnabled
      ? { isEnabled, startedAt: current.isEnabled ? current.startedAt : now.toISOString() }
      : { isEnabled: false, startedAt: null };
    await this.db
      .insert(settings)
      .values({ key: KEY, value })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
    return value;
  }
}
