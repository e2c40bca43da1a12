import type { App } from './app.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { seedDemoData } from './modules/demo/demo.service.js';
import { demoBreakStep } from './modules/breaks/demo-break.js';
import { demoCaseStep } from './modules/grail/demo-case.js';

const ADMIN_CREATE_LOCK = 4_170_001;

/** One-time work at start: maintenance from the environment, then the demo catalogue. */
export async function startup(app: App, config: Config, database: Database): Promise<void> {
  if (config.MAINTENANCE_MODE !== undefined) {
    await app.services.maintenance.set(config.MAINTENANCE_MODE);
  }
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    // Instances starting together take turns, so only the first creates the administrator.
    const outcome = await database.withAdvisoryLock(ADMIN_CREATE_LOCK, () =>
      app.services.users.applyAdminEmail({ createMissing: true }),
    );
    if (outcome === 'created') app.log.info('administrator created from ADMIN_EMAIL');
    if (outcome === 'promoted')
      app.log.info('the verified account of ADMIN_EMAIL is now the administrator');
    if (outcome === 'waiting')
      app.log.warn(
        'ADMIN_EMAIL belongs to an account whose address is not verified yet: it becomes the administrator once it is',
      );
  }
  if (config.DEMO_DATA) {
    const started = Date.now();
    const seeded = await seedDemoData(database, app.services.images, [
      demoCaseStep(app.services.grailAdmin),
      demoBreakStep(app.services.breaksAdmin),
    ]);
    if (seeded) app.log.info({ ms: Date.now() - started }, 'demo catalogue loaded');
  }
}
