/**
 * npm run admin:create -- --email admin@example.com --password '…'
 * Creates an administrator (or promotes the account with that email) in the configured database:
 * DATABASE_URL, else the PGlite files in DATA_DIR (stop the server first: PGlite is single-process).
 * The password may come from ADMIN_PASSWORD instead, to keep it out of the shell history.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { Email, Password } from '@grail/contract';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';
import { resolveAppSecret } from '../secret.js';
import { AppError } from '../errors.js';
import { SessionsService } from '../modules/auth/sessions.service.js';
import { UsersService } from '../modules/users/users.service.js';

const Args = z.object({ email: Email, password: Password });

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' } },
  });
  const parsed = Args.safeParse({
    email: values.email ?? process.env.ADMIN_EMAIL,
    password: values.password ?? process.env.ADMIN_PASSWORD,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    process.stderr.write(
      `admin:create: --${String(issue.path[0])} ${issue.message}\n` +
        'Usage: npm run admin:create -- --email you@example.com --password <password>\n',
    );
    return 2;
  }
  const config = loadConfig();
  const appSecret = resolveAppSecret(config.APP_SECRET, resolve(config.DATA_DIR));
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: resolve(config.DATA_DIR),
  });
  try {
    await migrateDatabase(database);
    const users = new UsersService(database.db, new SessionsService(database.db, appSecret));
    const outcome = await users.createAdmin(parsed.data.email, parsed.data.password);
    process.stdout.write(
      outcome === 'created'
        ? `Created administrator ${parsed.data.email}.\n`
        : `${parsed.data.email} already had an account: it is now an administrator with the new password.\n`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    const message =
      err instanceof AppError || err instanceof ConfigError
        ? err.message
        : err instanceof Error
          ? err.message
          : String(err);
    process.stderr.write(`admin:create failed: ${message}\n`);
    process.exit(1);
  },
);
