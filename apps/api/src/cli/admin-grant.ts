/**
 * npm run admin:grant -- someone@example.com
 * Makes an existing account with a verified address an administrator and ends its sessions, in
 * the configured database: DATABASE_URL, else the PGlite files in DATA_DIR (stop the server first:
 * PGlite is single-process). An unknown or unverified address is refused (exit code 1).
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Email } from '@grail/contract';
import type { UsersService } from '../modules/users/users.service.js';
import { openAccounts } from './cli-database.js';

export interface CommandResult {
  /** The process exit code: 0 done, 1 refused, 2 wrong usage. */
  code: number;
  message: string;
}

const USAGE = 'Usage: npm run admin:grant -- someone@example.com\n';

/** The address named on the command line, or the usage error. */
export function parseAdminGrantArgs(args: string[]): { email: string } | CommandResult {
  let positionals: string[];
  try {
    ({ positionals } = parseArgs({ args, allowPositionals: true, options: {} }));
  } catch (err) {
    return { code: 2, message: `admin:grant: ${(err as Error).message}\n${USAGE}` };
  }
  if (positionals.length !== 1)
    return { code: 2, message: `admin:grant: name exactly one e-mail address.\n${USAGE}` };
  const email = Email.safeParse(positionals[0]);
  if (!email.success)
    return {
      code: 2,
      message: `admin:grant: ${email.error.issues[0]!.message}: ${positionals[0]}\n${USAGE}`,
    };
  return { email: email.data };
}

/** Grants staff rights to the verified account with `email`; what to print and the exit code. */
export async function adminGrant(email: string, users: UsersService): Promise<CommandResult> {
  switch (await users.grantAdmin(email)) {
    case 'granted':
      return {
        code: 0,
        message: `${email} is now an administrator. Its sessions were ended: it signs in again to use the admin pages.\n`,
      };
    case 'already-admin':
      return { code: 0, message: `${email} is already an administrator. Nothing changed.\n` };
    case 'unknown':
      return {
        code: 1,
        message: `admin:grant: no account has the address ${email}. The person registers first (or use npm run admin:create).\n`,
      };
    case 'unverified':
      return {
        code: 1,
        message: `admin:grant: ${email} has not verified its e-mail address yet. Once it has (the link in its verification mail), run this again.\n`,
      };
  }
}

async function main(): Promise<number> {
  const parsed = parseAdminGrantArgs(process.argv.slice(2));
  if ('code' in parsed) {
    process.stderr.write(parsed.message);
    return parsed.code;
  }
  const { database, users } = await openAccounts();
  try {
    const result = await adminGrant(parsed.email, users);
    (result.code === 0 ? process.stdout : process.stderr).write(result.message);
    return result.code;
  } finally {
    await database.close();
  }
}

// Run as a command (tsx apps/api/src/cli/admin-grant.ts), not when a test imports the functions.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      // A bad configuration (ConfigError) or an unreachable database: its message says which.
      const message = err instanceof Error ? err.message : String(err);
      process.stderr.write(`admin:grant failed: ${message}\n`);
      process.exit(1);
    },
  );
}
