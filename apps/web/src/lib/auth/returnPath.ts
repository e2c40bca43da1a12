import { useLocation } from 'react-router';
import { isSafeReturnPath } from '@grail/contract';
import { paths } from '@/lib/paths';

/**
 * `value` when it is a path of this site to send a person back to (after signing in, completing
 * the profile or paying), else null. The contract's rule, the same check the API makes: never
 * another origin, however it is written (`//host`, `/\host`, `/%2F%2Fhost`, `https://…`).
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  return typeof value === 'string' && isSafeReturnPath(value) ? value : null;
}

/** Pages of signing up or in: a way in from one of them keeps the return path it carries. */
const SIGN_IN_PAGES = [
  paths.login.path,
  paths.register.path,
  paths.forgotPassword.path,
  paths.resetPassword.path,
  paths.authCallback.path,
  paths.totpSetup.path,
];

/** Whether `pathname` is one of the pages of signing up or in. */
export const isSignInPage = (pathname: string) =>
  SIGN_IN_PAGES.some((p) => pathname === p || pathname.startsWith(`${p}/`));

/**
 * Where a way in (sign in, create account) should bring the person back to: the page they are on,
 * or, on a sign-in page, the return path that page was given.
 */
export function useReturnPath(): string | undefined {
  const { pathname, search } = useLocation();
  const here = isSignInPage(pathname)
    ? new URLSearchParams(search).get('redirectTo')
    : `${pathname}${search}`;
  return safeReturnPath(here) ?? undefined;
}
