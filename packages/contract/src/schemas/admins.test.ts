import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.js';
import { ZAdminForm, ZAdminRequest } from './admins.js';

const VALID = { firstName: 'Grace', lastName: 'Hopper', email: 'Grace@Example.org' };

function firstError(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const issue = result.error?.issues[0];
  return issue ? [String(issue.path[0]), issue.message] : null;
}

describe('ZAdminForm', () => {
  it('accepts three filled fields', () => {
    expect(ZAdminForm.parse(VALID)).toEqual({
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.org',
    });
  });

  it.each([
    ['firstName', '', MSG.validation.firstNameRequired],
    ['firstName', 'Al', MSG.validation.firstNameMin],
    ['lastName', ' ', MSG.validation.lastNameRequired],
    ['lastName', 'Li', MSG.validation.lastNameMin],
    ['email', '', MSG.validation.emailRequired],
    ['email', 'grace.example.org', MSG.validation.emailWrong],
  ])('%s %j: %s', (field, value, message) => {
    expect(firstError(ZAdminForm.safeParse({ ...VALID, [field]: value }))).toEqual([field, message]);
  });
});

describe('ZAdminRequest', () => {
  it("takes 'first last', the subtype admin and any phone", () => {
    expect(
      ZAdminRequest.parse({ name: 'Grace Hopper', email: 'grace@example.org', phone: '(000) 000-0000' }),
    ).toEqual({
      name: 'Grace Hopper',
      email: 'grace@example.org',
      subtype: 'admin',
      phone: '(000) 000-0000',
    });
  });

  it.each([
    ['', MSG.validation.firstNameRequired],
    ['Al Hopper', MSG.validation.firstNameMin],
    ['Grace', MSG.validation.lastNameRequired],
    ['Grace Ho', MSG.validation.lastNameMin],
  ])('name %j: %s', (name, message) => {
    expect(firstError(ZAdminRequest.safeParse({ name, email: 'grace@example.org' }))).toEqual([
      'name',
      message,
    ]);
  });

  it('refuses another subtype', () => {
    expect(
      ZAdminRequest.safeParse({ name: 'Grace Hopper', email: 'g@example.org', subtype: 'agency' }).success,
    ).toBe(false);
  });
});
