import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.js';
import { todayIsoDate } from '../rules/dates.js';
import {
  entityStatusLabel,
  latestTodayIsoDate,
  ZCreateEntityRequest,
  ZEntityForm,
  ZUpdateEntityRequest,
} from './entities.js';

const VALID = {
  subtype: 'agency',
  name: 'Open Arms',
  phone: '(555) 010-2000',
  address: '1 Main Street',
  email: 'Team@OpenArms.org',
  startContract: '2026-01-01',
  endContract: '2027-01-01',
  coupon: '',
};

function fieldErrors(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const fields: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) fields[String(issue.path[0])] ??= issue.message;
  return fields;
}

function plusDays(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

describe('ZEntityForm', () => {
  it('accepts a complete form: e-mail lower-cased, an empty coupon is none', () => {
    const parsed = ZEntityForm.parse(VALID);
    expect(parsed.email).toBe('team@openarms.org');
    expect(parsed.coupon).toBeNull();
    expect(ZEntityForm.parse({ ...VALID, coupon: ' SAVE10 ' }).coupon).toBe('SAVE10');
  });

  it.each([
    ['name', '', MSG.validation.entityNameRequired],
    ['name', 'Ab', MSG.validation.entityNameMin],
    ['phone', '', MSG.validation.phoneRequired],
    ['phone', '(555) 010-20', MSG.validation.phoneWrong],
    ['phone', '(555) 010-200', MSG.validation.phoneWrong],
    ['phone', '(555) 010-2000123', MSG.validation.phoneWrong],
    ['address', '  ', MSG.validation.addressRequired],
    ['name', 'a'.repeat(161), 'Entity name must be at most 160 characters'],
    ['address', 'a'.repeat(301), 'Address must be at most 300 characters'],
    ['coupon', 'A'.repeat(65), 'Coupon must be at most 64 characters'],
    ['email', '', MSG.validation.emailRequired],
    ['email', 'team@', MSG.validation.emailWrong],
    ['startContract', '', MSG.validation.startContractLength],
    ['startContract', '2026-02-30', MSG.validation.startContractInvalid],
    ['endContract', '27-01-01', MSG.validation.endContractLength],
    ['endContract', '2027-00-10', MSG.validation.endContractInvalid],
  ])('%s %j: %s', (field, value, message) => {
    expect(fieldErrors(ZEntityForm.safeParse({ ...VALID, [field]: value }))).toEqual({ [field]: message });
  });

  it('accepts a whole number only, kept in the mask’s form', () => {
    for (const phone of ['(555) 010-2000', '5550102000', '+1 555 010 2000', '1-555-010-2000']) {
      expect(ZEntityForm.parse({ ...VALID, phone }).phone, phone).toBe('(555) 010-2000');
    }
    for (const phone of ['(555) 010-200', '5550102000123', '+1 555 010 200']) {
      expect(fieldErrors(ZEntityForm.safeParse({ ...VALID, phone })), phone).toEqual({
        phone: MSG.validation.phoneWrong,
      });
    }
  });

  it('refuses a start after today and accepts today', () => {
    const today = todayIsoDate();
    const future = ZEntityForm.safeParse({
      ...VALID,
      startContract: plusDays(today, 1),
      endContract: '2999-01-01',
    });
    expect(fieldErrors(future)).toEqual({ startContract: MSG.validation.startContractNotFuture });
    expect(ZEntityForm.safeParse({ ...VALID, startContract: today, endContract: '2999-01-01' }).success).toBe(
      true,
    );
  });

  it('wants the start strictly before the end, and says so on both dates', () => {
    for (const endContract of [VALID.startContract, '2025-06-01']) {
      expect(fieldErrors(ZEntityForm.safeParse({ ...VALID, endContract }))).toEqual({
        startContract: MSG.validation.startContractBeforeEnd,
        endContract: MSG.validation.endContractAfterStart,
      });
    }
  });

  it('checks the order only once both dates are real dates', () => {
    expect(fieldErrors(ZEntityForm.safeParse({ ...VALID, endContract: '2020-13-45' }))).toEqual({
      endContract: MSG.validation.endContractInvalid,
    });
  });
});

describe('the server schemas', () => {
  it('lets a start date through that is today somewhere on Earth', () => {
    const latest = latestTodayIsoDate();
    expect(latest >= todayIsoDate('UTC')).toBe(true);
    expect(
      ZCreateEntityRequest.safeParse({ ...VALID, startContract: latest, endContract: '2999-01-01' }).success,
    ).toBe(true);
    expect(
      fieldErrors(
        ZCreateEntityRequest.safeParse({
          ...VALID,
          startContract: plusDays(latest, 1),
          endContract: '2999-01-01',
        }),
      ),
    ).toEqual({ startContract: MSG.validation.startContractNotFuture });
    expect(ZCreateEntityRequest.parse(VALID).subtype).toBe('agency');
  });

  it('takes a status change alone, and otherwise the whole form', () => {
    expect(ZUpdateEntityRequest.parse({ status: 'inactive' })).toEqual({ status: 'inactive' });
    expect(ZUpdateEntityRequest.safeParse({ status: 'pending' }).success).toBe(false);
    expect(fieldErrors(ZUpdateEntityRequest.safeParse({ name: 'Open Arms' }))).toEqual({
      phone: MSG.validation.phoneRequired,
      address: MSG.validation.addressRequired,
      email: MSG.validation.emailRequired,
      startContract: MSG.validation.startContractLength,
      endContract: MSG.validation.endContractLength,
    });
    expect(ZUpdateEntityRequest.parse({ ...VALID, coupon: '' }).coupon).toBe('');
    expect(ZUpdateEntityRequest.parse({ ...VALID, coupon: undefined }).coupon).toBeUndefined();
  });
});

describe('entityStatusLabel', () => {
  it('reads Active, Disabled (disabled and inactive) and Pending', () => {
    expect(entityStatusLabel('active')).toBe(MSG.entities.statusActive);
    expect(entityStatusLabel('disabled')).toBe(MSG.entities.statusDisabled);
    expect(entityStatusLabel('inactive')).toBe(MSG.entities.statusDisabled);
    expect(entityStatusLabel('pending')).toBe(MSG.entities.statusPending);
  });
});
