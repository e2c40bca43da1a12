import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { ErrorBody } from './errors.js';
import { isSafeReturnPath, RETURN_PATH_MAX } from './return-path.js';
import {
  DateOfBirth,
  PublicUser,
  SessionIdParams,
  SessionListResponse,
  ThemeBody,
  ThemeResponse,
  UserResponse,
  CurrentUserResponse,
} from './account.js';
import { ShippingAddress } from './address.js';

// The other contract files import the address from here until they import it from address.ts.
export { SavedShippingAddress, ShippingAddress } from './address.js';

/** Answer of a successful sign-in or sign-up. */
export const SignedInResponse = z.object({
  user: PublicUser,
  csrfToken: z.string(),
  token: z.string(),
});
export type SignedInResponse = z.infer<typeof SignedInResponse>;

/** An auth error: the field it is about (shown on that field), and for 429 the seconds to wait. */
export const AuthErrorBody = ErrorBody.extend({
  field: z.string().optional(),
  retryAfter: z.number().optional(),
});
export type AuthErrorBody = z.infer<typeof AuthErrorBody>;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 24;
/** The version of the Terms of Service a person accepts at sign-up and in the profile. */
export const TERMS_VERSION = '2026-11';
export const UNDERAGE_MESSAGE = 'You must be 18 or older to use this site.';
export const RECOVERY_CODE_COUNT = 10;

export const Email = z
  .string()
  .trim()
  .max(254, 'Email is too long')
  .pipe(z.email('Enter a valid email address'));
export const Username = z
  .string()
  .trim()
  .min(USERNAME_MIN, `Username must be at least ${USERNAME_MIN} characters`)
  .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`)
  .regex(/^[A-Za-z0-9_.-]+$/, 'Username may only use letters, digits, _ . and -');
/** Length only: how guessable a password is gets judged on the server (zxcvbn). */
export const Password = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);
export const TotpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app');
/** A 6-digit TOTP code, or a recovery code (letters and digits, dashes ignored). */
export const SecondFactorCode = z
  .string()
  .trim()
  .min(6, 'Enter your code')
  .max(32, 'That code is too long');
const mustAcceptTerms = z.literal(true, {
  error: 'You must be 18 or older and accept the Terms of Service',
});

export const RegisterRequest = z.object({
  email: Email,
  username: Username,
  password: Password,
  acceptTerms: mustAcceptTerms,
});
export type RegisterRequest = z.infer<typeof RegisterRequest>;

export const LoginRequest = z.object({
  email: Email,
  password: z.string().min(1, 'Enter your password').max(PASSWORD_MAX),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const TotpRequiredResponse = z.object({
  totpRequired: z.literal(true),
  challengeToken: z.string(),
});
export type TotpRequiredResponse = z.infer<typeof TotpRequiredResponse>;
export const LoginResponse = z.union([SignedInResponse, TotpRequiredResponse]);
export type LoginResponse = z.infer<typeof LoginResponse>;

export const LoginTotpRequest = z.object({
  challengeToken: z.string().min(1).max(200),
  code: SecondFactorCode,
});
export type LoginTotpRequest = z.infer<typeof LoginTotpRequest>;

/** A plain acknowledgement; auth answers also carry a fresh csrfToken. */
export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;
export const CsrfMessageResponse = z.object({ message: z.string(), csrfToken: z.string() });
export type CsrfMessageResponse = z.infer<typeof CsrfMessageResponse>;

export const VerifyEmailRequest = z.object({ token: z.string().min(1).max(200) });
export type VerifyEmailRequest = z.infer<typeof VerifyEmailRequest>;

export const ForgotPasswordRequest = z.object({ email: Email });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequest>;
export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for that email, we have sent a link to reset its password.';

export const ResetPasswordRequest = z.object({
  token: z.string().min(1).max(200),
  password: Password,
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

export const TotpSetupResponse = z.object({
  otpauthUrl: z.string(),
  qrCodeDataUrl: z.string(),
  secret: z.string(),
});
export type TotpSetupResponse = z.infer<typeof TotpSetupResponse>;
export const TotpEnableRequest = z.object({ code: TotpCode });
export type TotpEnableRequest = z.infer<typeof TotpEnableRequest>;
export const TotpEnableResponse = z.object({
  recoveryCodes: z.array(z.string()),
  user: PublicUser,
});
export type TotpEnableResponse = z.infer<typeof TotpEnableResponse>;
export const TotpDisableRequest = z.object({
  password: z.string().min(1, 'Enter your password').max(PASSWORD_MAX),
  code: SecondFactorCode,
});
export type TotpDisableRequest = z.infer<typeof TotpDisableRequest>;

export const ProfileRequest = z.object({
  displayName: z.string().trim().min(1, 'Enter your name').max(60, 'Name is too long'),
  dateOfBirth: DateOfBirth,
  shippingAddress: ShippingAddress,
  acceptTerms: mustAcceptTerms,
});
export type ProfileRequest = z.infer<typeof ProfileRequest>;

export const PasswordChangeRequest = z.object({
  currentPassword: z.string().min(1, 'Enter your current password').max(PASSWORD_MAX),
  newPassword: Password,
});
export type PasswordChangeRequest = z.infer<typeof PasswordChangeRequest>;

export const OutboxMail = z.object({
  _id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  links: z.array(z.string()),
  createdAt: z.string(),
});
export const OutboxResponse = z.object({ mail: z.array(OutboxMail) });
export type OutboxResponse = z.infer<typeof OutboxResponse>;

/** Where to send a person back to on this site; the web and the API check it the same way. */
export const SafeReturnPath = z
  .string()
  .max(RETURN_PATH_MAX, `must be at most ${RETURN_PATH_MAX} characters`)
  .refine(isSafeReturnPath, 'must be a path of this site');
export type SafeReturnPath = z.infer<typeof SafeReturnPath>;

/**
 * A sign-up, with the page the person was on (the checkout, a pack) when it started: the
 * verification link brings them back there.
 */
export const RegisterBody = RegisterRequest.extend({ returnPath: SafeReturnPath.optional() });
export type RegisterBody = z.infer<typeof RegisterBody>;

const auth = ['auth'];
const users = ['users'];

/**
 * Sign-up, sign-in, e-mail and password recovery, two-factor set-up, and the signed-in person's
 * own account (profile, password, theme, sessions). Nothing here takes another user's id.
 *
 * The calls a signed-out visitor makes to get in (sign-in, its TOTP step, sign-up, the password
 * recovery pair) and the session reset that hands out the first anonymous CSRF token are
 * CSRF-exempt: a forged one cannot act on anyone's session, since the SameSite=Lax `sid` cookie is
 * not sent with a cross-site POST.
 */
export const authEndpoints = {
  register: endpoint({
    method: 'POST',
    path: '/api/auth/register',
    operationId: 'register',
    summary: 'Create an account and sign in; mails a verification link',
    tags: auth,
    guard: 'public',
    csrfExempt: true,
    body: RegisterBody,
    status: 201,
    response: SignedInResponse,
    rateLimited: true,
    errors: [409],
  }),
  login: endpoint({
    method: 'POST',
    path: '/api/auth/login',
    operationId: 'login',
    summary: 'Sign in with e-mail and password, or be asked for the second factor',
    tags: auth,
    guard: 'public',
    csrfExempt: true,
    body: LoginRequest,
    response: LoginResponse,
    rateLimited: true,
    errors: [401],
  }),
  loginTotp: endpoint({
    method: 'POST',
    path: '/api/auth/login/totp',
    operationId: 'loginTotp',
    summary: 'Finish a sign-in with a TOTP or recovery code',
    tags: auth,
    guard: 'public',
    csrfExempt: true,
    body: LoginTotpRequest,
    response: SignedInResponse,
    rateLimited: true,
    errors: [401],
  }),
  current: endpoint({
    method: 'GET',
    path: '/api/auth/current',
    operationId: 'getCurrentUser',
    summary:
      'The signed-in user and their CSRF token; for a visitor, user null and an anonymous CSRF token (never cached)',
    tags: auth,
    guard: 'public',
    response: CurrentUserResponse,
  }),
  /**
   * The CSRF token comes in x-csrf-token (the web), or as the `csrfToken` field of the form on the
   * sign-out confirmation page (application/x-www-form-urlencoded, answered with a small HTML
   * page instead of JSON).
   */
  logout: endpoint({
    method: 'POST',
    path: '/api/auth/logout',
    operationId: 'logout',
    summary:
      'End the current session and clear its cookies (the CSRF token in x-csrf-token, or in the confirmation form)',
    tags: auth,
    guard: 'public',
    csrfFormField: 'csrfToken',
    response: MessageResponse,
  }),
  logoutLink: endpoint({
    method: 'GET',
    path: '/api/auth/logout',
    operationId: 'logoutLink',
    summary:
      'End the current session and clear its cookies when the request provably comes from this site (Sec-Fetch-Site: same-origin, or an Origin or Referer of PUBLIC_URL); otherwise an HTML page asks to confirm with a POST',
    tags: auth,
    guard: 'public',
    response: MessageResponse,
  }),
  /**
   * Exempt from the route's CSRF check only because a visitor with no session calls it for its
   * first anonymous token, and then it ends nothing. A request that carries a live session must
   * send that session's token in x-csrf-token (403 otherwise, and the session stays), so a
   * cross-site POST cannot sign anyone out. The web always sends the token it holds.
   */
  sessionReset: endpoint({
    method: 'POST',
    path: '/api/auth/session/reset',
    operationId: 'resetSession',
    summary:
      "Drop the caller's session and hand out a fresh anonymous CSRF token (x-csrf-token required when a session is sent)",
    tags: auth,
    guard: 'public',
    csrfExempt: true,
    response: CsrfMessageResponse,
    errors: [403],
  }),
  verifyEmail: endpoint({
    method: 'POST',
    path: '/api/auth/verify-email',
    operationId: 'verifyEmail',
    summary: 'Confirm an e-mail address with the mailed token',
    tags: auth,
    guard: 'public',
    body: VerifyEmailRequest,
    response: UserResponse,
  }),
  verifyEmailResend: endpoint({
    method: 'POST',
    path: '/api/auth/verify-email/resend',
    operationId: 'resendVerificationEmail',
    summary: 'Mail a new verification link',
    tags: auth,
    guard: 'authenticated',
    response: MessageResponse,
    rateLimited: true,
    errors: [400],
  }),
  forgotPassword: endpoint({
    method: 'POST',
    path: '/api/auth/forgot-password',
    operationId: 'forgotPassword',
    summary: 'Mail a password reset link (the same answer whether or not the account exists)',
    tags: auth,
    guard: 'public',
    csrfExempt: true,
    body: ForgotPasswordRequest,
    response: MessageResponse,
    rateLimited: true,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/api/auth/reset-password',
    operationId: 'resetPassword',
    summary: 'Set a new password with a mailed token (does not sign in)',
    tags: auth,
    guard: 'public',
    csrfExempt: true,
    body: ResetPasswordRequest,
    response: MessageResponse,
  }),
  totpSetup: endpoint({
    method: 'POST',
    path: '/api/auth/totp/setup',
    operationId: 'setUpTotp',
    summary: 'A new TOTP secret and its QR code (not on until confirmed)',
    tags: auth,
    guard: 'authenticated',
    response: TotpSetupResponse,
    errors: [409],
  }),
  totpEnable: endpoint({
    method: 'POST',
    path: '/api/auth/totp/enable',
    operationId: 'enableTotp',
    summary: 'Turn two-factor sign-in on with a current code; answers the recovery codes once',
    tags: auth,
    guard: 'authenticated',
    body: TotpEnableRequest,
    response: TotpEnableResponse,
    errors: [409],
  }),
  totpDisable: endpoint({
    method: 'POST',
    path: '/api/auth/totp/disable',
    operationId: 'disableTotp',
    summary: 'Turn two-factor sign-in off with the password and a current code',
    tags: auth,
    guard: 'authenticated',
    body: TotpDisableRequest,
    response: UserResponse,
    rateLimited: true,
  }),
  theme: endpoint({
    method: 'GET',
    path: '/api/theme',
    operationId: 'getTheme',
    summary: "The caller's saved theme (null until chosen)",
    tags: users,
    guard: 'authenticated',
    response: ThemeResponse,
  }),
  setTheme: endpoint({
    method: 'PUT',
    path: '/api/theme',
    operationId: 'setTheme',
    summary: "Save the caller's theme",
    tags: users,
    guard: 'authenticated',
    body: ThemeBody,
    response: ThemeBody,
  }),
  me: endpoint({
    method: 'GET',
    path: '/api/users/me',
    operationId: 'getMe',
    summary: 'The signed-in user',
    tags: users,
    guard: 'authenticated',
    response: UserResponse,
  }),
  saveProfile: endpoint({
    method: 'PUT',
    path: '/api/users/me/profile',
    operationId: 'saveProfile',
    summary: 'Complete or change the profile (name, 18+ date of birth, shipping address)',
    tags: users,
    guard: 'authenticated',
    body: ProfileRequest,
    response: UserResponse,
  }),
  changePassword: endpoint({
    method: 'PUT',
    path: '/api/users/me/password',
    operationId: 'changePassword',
    summary: 'Change the password with the current one; signs the other sessions out',
    tags: users,
    guard: 'authenticated',
    body: PasswordChangeRequest,
    response: MessageResponse,
    rateLimited: true,
  }),
  sessions: endpoint({
    method: 'GET',
    path: '/api/users/me/sessions',
    operationId: 'listMySessions',
    summary: 'Where this account is signed in, the current session marked',
    tags: users,
    guard: 'authenticated',
    response: SessionListResponse,
  }),
  revokeSession: endpoint({
    method: 'DELETE',
    path: '/api/users/me/sessions/:id',
    operationId: 'revokeMySession',
    summary: "Sign one of this account's sessions out",
    tags: users,
    guard: 'authenticated',
    params: SessionIdParams,
    response: MessageResponse,
  }),
} as const;
