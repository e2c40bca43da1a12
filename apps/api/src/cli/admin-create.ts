/**
 * npm run admin:create -- --email admin@example.com --password '…'
 * Creates an administrator (or promotes the account with that email) in the configured database:
 * DATABASE_URL, else the PGlite files in DATA_DIR (stop the server first: PGlite is single-process).
 * The password may come from ADMIN_PASSWORD instead, to keep it out of the shell history.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { Email, Password } from '@grail/contract';
import { ConfigError } from '../config.js';
import { AppError } from '../errors.js';
import { openAccounts } from './cli-database.js';

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
  const { database, users } = await openAccounts();
  try {
    const outcome = await users.createAdmin(parsed.data.email, parsed.data.password);
    process.stdout.write(
      outcome === 'created'
        ? `Created administrator ${parsed.data.email}.\n`
        : `${parsed.data.email} already had an account: it is now an administrator with the new password, and its sessions were ended.\n`,
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
