import { describe, expect, it } from 'vitest';
import { landingAfterLogin } from './landing.js';

describe('landingAfterLogin', () => {
  it("goes to the role's start page when nothing sent the user to the login", () => {
    expect(landingAfterLogin('admin', undefined)).toBe('/entity-management');
    expect(landingAfterLogin('entity', undefined)).toBe('/manage-families');
  });

  it('follows a same-site path, query included', () => {
    expect(landingAfterLogin('entity', '/manage-families/42/details')).toBe('/manage-families/42/details');
    expect(landingAfterLogin('admin', '/entity-management?search=open')).toBe(
      '/entity-management?search=open',
    );
  });

  it.each([
    ['a protocol-relative address', '//evil.com'],
    ['a protocol-relative address with a path', '//evil.com/manage-families'],
    ['an absolute address', 'https://x'],
    ['a javascript: address', 'javascript:alert(1)'],
    ['a relative path', 'manage-families'],
    ['an empty string', ''],
    ['a login page', '/login/admin'],
    ['the login of the other role', '/login/entity'],
    ['a backslash the browser reads as another host', '/\\evil.com'],
    ['a backslash after the slash', '/\\/evil.com'],
    ['a tab the browser drops', '/\t/evil.com'],
  ])('ignores %s', (_, from) => {
    expect(landingAfterLogin('admin', from)).toBe('/entity-management');
    expect(landingAfterLogin('entity', from)).toBe('/manage-families');
  });
});
