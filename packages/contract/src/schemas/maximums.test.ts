// Every text a person types into a form or a request has a maximum, and going past it is told in the
// catalogue's words ('Address must be at most 300 characters'), never zod's own or another rule's. The
// schemas are walked, so a maximum added later without its message fails here.
import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { MSG } from '../messages.js';
import * as schemas from './index.js';

/** Fields the app fills in itself (tokens, ids, the chosen plans, the admin's fixed phone): never typed. */
const NOT_TYPED = new Set([
  'state',
  'id',
  'priceId',
  'products',
  'creditCardTokenId',
  'cardBrand',
  'before',
  'after',
  'channelId',
  'attachments.url',
  'phone',
  // an e-mailed link's signed token, and the push address a browser gives
  'token',
  'endpoint',
]);
/** Whole parts the browser writes: a passkey's answer to its challenge. */
const NOT_TYPED_PARTS = ['response.'];

interface Def {
  type: string;
  checks?: { _zod: { def: { check: string; maximum?: number } } }[];
  shape?: Record<string, ZodType>;
  innerType?: ZodType;
  in?: ZodType;
  out?: ZodType;
  element?: ZodType;
  items?: ZodType[];
  options?: ZodType[];
}

const defOf = (schema: ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Each string with a maximum inside `schema`: its path, its maximum and the string schema itself. */
function maximums(schema: ZodType, path: string[] = []): { path: string; max: number; schema: ZodType }[] {
  const def = defOf(schema);
  const inner = [
    ...Object.entries(def.shape ?? {}).map(([key, value]) => [[...path, key], value] as const),
    ...[def.innerType, def.in, def.out, def.element, ...(def.items ?? []), ...(def.options ?? [])]
      .filter((value): value is ZodType => value !== undefined)
      .map((value) => [path, value] as const),
  ];
  const own =
    def.type === 'string'
      ? (def.checks ?? [])
          .map((check) => check._zod.def)
          .filter((check) => check.check === 'max_length' && check.maximum !== undefined)
          .map((check) => ({ path: path.join('.'), max: check.maximum!, schema }))
      : [];
  return [...own, ...inner.flatMap(([p, value]) => maximums(value, [...p]))];
}

const formSchemas = (Object.entries(schemas) as [string, unknown][]).filter(
  (entry): entry is [string, ZodType] =>
    /^Z\w+(Form|Request|Query)$/.test(entry[0]) &&
    typeof entry[1] === 'object' &&
    entry[1] !== null &&
    '_zod' in entry[1],
);
const typed = formSchemas.flatMap(([name, schema]) =>
  maximums(schema)
    .filter(({ path }) => !NOT_TYPED.has(path) && !NOT_TYPED_PARTS.some((part) => path.startsWith(part)))
    .map((found) => ({ name, ...found })),
);

const FIELD_NAMES = [...Object.values(MSG.fields), MSG.families.groupNameLabel, 'Zip code'];

describe('the maximum of every typed text', () => {
  it('finds the forms and their maximums', () => {
    expect(formSchemas.map(([name]) => name)).toEqual(
      expect.arrayContaining(['ZEntityForm', 'ZEditFamilyRequest', 'ZFamilyDetailsForm', 'ZBillingForm']),
    );
    expect(typed.length).toBeGreaterThan(30);
  });

  it.each(typed.map((t) => [`${t.name}.${t.path}`, t] as const))('%s says its maximum', (_label, found) => {
    const message = found.schema
      .safeParse('a'.repeat(found.max + 1))
      .error?.issues.find((issue) => issue.code === 'too_big')?.message;
    expect(FIELD_NAMES.map((field) => MSG.validation.tooLong(field, found.max))).toContain(message);
  });

  it("words every maximum as the spec words the zip code's", () => {
    expect(MSG.validation.tooLong('Zip code', 5)).toBe(MSG.validation.zipMax);
    expect(MSG.validation.tooLong(MSG.fields.entityName, 160)).toBe(
      'Entity name must be at most 160 characters',
    );
  });
});
