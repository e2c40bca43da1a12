/**
 * The sign-in and sign-up forms' schemas and resolvers, loaded by their pages after the first
 * paint (lazyResolver): zod and the contract's auth schemas stay off those pages' first screen.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { LoginRequest, RegisterRequest, SecondFactorCode, TotpCode } from '@grail/contract';

export const loginResolver = zodResolver(LoginRequest);

/** The sign-in's second step: the app's 6-digit code, or one of the recovery codes. */
export const authenticatorCodeResolver = zodResolver(z.object({ code: TotpCode }));
export const recoveryCodeResolver = zodResolver(z.object({ code: SecondFactorCode }));

const RegisterForm = RegisterRequest.extend({
  confirmPassword: z.string().min(1, 'Confirm your password'),
  acceptTerms: z.boolean(),
})
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The passwords do not match',
  })
  .refine((v) => v.acceptTerms, {
    path: ['acceptTerms'],
    message: 'You must be 18 or older and accept the Terms of Service',
  });
export type RegisterForm = z.infer<typeof RegisterForm>;

export const registerResolver = zodResolver(RegisterForm);
