import type { App } from './app.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { seedDemoData } from './modules/demo/demo.service.js';
import { demoCaseStep } from './modules/grail/demo-case.js';

const ADMIN_CREATE_LOCK = 4_170_001;

/** One-time work at start: maintenance from the environment, then the demo catalogue. */
export async function startup(app: App, config: Config, database: Database): Promise<void> {
  if (config.MAINTENANCE_MODE !== undefined) {
    await app.services.maintenance.set(config.MAINTENANCE_MODE);
  }
  const { ADMIN_EMAIL, ADMIN_PASSWORD } = config;
  if (ADMIN_EMAIL && ADMIN_PASSWORD) {
    // Instances starting together take turns, so only the first creates the administrator.
    await database.withAdvisoryLock(ADMIN_CREATE_LOCK, async () => {
      if (await app.services.users.hasAdmin()) return;
      await app.services.users.createAdmin(ADMIN_EMAIL, ADMIN_PASSWORD);
      app.log.info('administrator created from ADMIN_EMAIL');
    });
  }
  if (config.DEMO_DATA) {
    const started = Date.now();
    const seeded = await seedDemoData(database, app.services.images, [
      demoCaseStep(app.services.grailAdmin),
    ]);
    if (seeded) app.log.info({ ms: Date.now() - started }, 'demo catalogue loaded');
  }
}
