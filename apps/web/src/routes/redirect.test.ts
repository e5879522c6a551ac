import { describe, expect, it } from 'vitest';
import { afterLoginPath, isGuestPath, loginPathFor, safeRedirectPath } from './redirect';

describe('safeRedirectPath', () => {
  it('keeps a path of the app with its query and hash', () => {
    expect(safeRedirectPath('/program/12?tab=2#topik')).toBe('/program/12?tab=2#topik');
  });

  it('refuses other sites and odd forms (no open redirect)', () => {
    for (const value of [
      'https://evil.test/x',
      '//evil.test/x',
      '/\\evil.test',
      'javascript:alert(1)',
      'dashboard',
      '',
      null,
      undefined,
    ]) {
      expect(safeRedirectPath(value)).toBeNull();
    }
  });

  it('refuses guest screens, which would bounce back', () => {
    expect(safeRedirectPath('/')).toBeNull();
    expect(safeRedirectPath('/login?x=1')).toBeNull();
    expect(safeRedirectPath('/password-reset?token=a')).toBeNull();
  });
});

describe('loginPathFor / afterLoginPath', () => {
  it('remembers the wanted page and restores it', () => {
    const path = loginPathFor('/', { pathname: '/update-password', search: '?a=1' });
    expect(path).toBe('/?redirect=%2Fupdate-password%3Fa%3D1');
    expect(afterLoginPath(path.slice(1))).toBe('/update-password?a=1');
  });

  it('leaves the URL clean for the dashboard and falls back to it', () => {
    expect(loginPathFor('/login', { pathname: '/dashboard' })).toBe('/login');
    expect(afterLoginPath('')).toBe('/dashboard');
    expect(afterLoginPath('?redirect=https%3A%2F%2Fevil.test')).toBe('/dashboard');
  });

  it('knows the guest screens, with or without a trailing slash', () => {
    expect(isGuestPath('/forgot-password/')).toBe(true);
    expect(isGuestPath('/dashboard')).toBe(false);
  });
});
