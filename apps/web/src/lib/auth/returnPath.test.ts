import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './returnPath';

describe('safeReturnPath (the contract’s SafeReturnPath)', () => {
  it.each([
    '/dashboard',
    '/dashboard?tab=wallet',
    '/checkout?buy=3f1c&topUp=success',
    '/grail-machine',
    '/search?q=a%2Fb',
  ])('takes the path of this site %s', (path) => {
    expect(safeReturnPath(path)).toBe(path);
  });

  it.each([
    '/\\evil.example',
    '//evil.example',
    '/%2F%2Fevil.example',
    '/%2f%2fevil.example',
    '/%5Cevil.example',
    '/%252F%252Fevil.example',
    'https://evil.example',
    'http:evil.example',
    'javascript:alert(1)',
    '/.//evil.example',
    '/a/..//evil.example',
    ' /dashboard',
    '/dash\nboard',
    'dashboard',
    '',
  ])('refuses %j, which is or may become another origin', (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it('answers null when there is no value', () => {
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
  });
});
