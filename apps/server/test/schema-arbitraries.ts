// fast-check arbitraries from the JSON schemas the app publishes (`app.swagger()`, generated from the
// contract's zod schemas): a body or query that is nearly right — each field of the right shape — and
// then broken in one way: a required field left out, a field of the wrong type, an unknown field, a
// huge or hostile string, null. Nearly-right input reaches deeper than random JSON: past the first
// validation error, into the refinements, the services and the SQL.
import fc from 'fast-check';

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

/** Strings that have broken parsers, databases and templates before. */
const HOSTILE_STRINGS = [
  '',
  ' ',
  'x'.repeat(100_000),
  '\u0000',
  'a\u0000b',
  '\u202e\u200b\ufeff',
  '\ud83d\ude00\ud83d\udc68\u200d\ud83d\udc69\u200d\ud83d\udc67',
  '\ud800',
  "'; drop table users; --",
  "1' or '1'='1",
  '<img src=x onerror=alert(1)>',
  '{{7*7}}#{7*7}',
  '../../../../etc/passwd',
  '%00%2e%2e%2f',
  '__proto__',
  '-1',
  '1e309',
  'NaN',
];

const hostileString = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

/** Any JSON value of a type other than the schema's. */
const wrongType = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constant(Number.MAX_SAFE_INTEGER),
  fc.constant(-1),
  fc.string({ maxLength: 10 }),
  fc.array(fc.jsonValue(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue(), { maxKeys: 3 }),
  fc.constant({ __proto__: { admin: true } }),
);

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  switch (schema.format) {
    case 'uuid':
      return fc.uuid();
    case 'email':
      return fc.emailAddress();
    case 'date':
      return fc.constantFrom('2026-01-01', '2027-12-31', '1999-02-30');
    case 'uri':
      return fc.webUrl();
  }
  const min = schema.minLength ?? 0;
  const max = Math.max(min, Math.min(schema.maxLength ?? 40, 80));
  return fc.oneof(
    fc.string({ minLength: min, maxLength: max }),
    fc.constantFrom('Robin Smith', 'a@b.co', '(555) 010-2000', '62701', 'IL', '2026-01-01', 'ABC123'),
  );
}

/** A value of (nearly) the schema's shape. */
function schemaValue(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 4) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.type === 'null') return fc.constant(null);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) {
    const options = alternatives.map((s) => schemaValue(s, depth + 1));
    return fc.oneof(...options);
  }
  if (schema.allOf?.length) return schemaValue(Object.assign({}, ...schema.allOf), depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  let value: fc.Arbitrary<unknown>;
  switch (type) {
    case 'string':
      value = stringFor(schema);
      break;
    case 'integer':
      value = fc.integer({ min: schema.minimum ?? -10, max: Math.min(schema.maximum ?? 100_000, 2 ** 31) });
      break;
    case 'number':
      value = fc.double({ min: schema.minimum ?? -10, max: schema.maximum ?? 100_000, noNaN: true });
      break;
    case 'boolean':
      value = fc.boolean();
      break;
    case 'array':
      value = fc.array(schemaValue(schema.items ?? {}, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, 4),
      });
      break;
    case 'object':
    case undefined:
      value = schema.properties ? objectOf(schema, depth) : fc.jsonValue();
      break;
    default:
      value = fc.jsonValue();
  }
  return Array.isArray(schema.type) && schema.type.includes('null')
    ? fc.oneof(value, fc.constant(null))
    : value;
}

function objectOf(schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const entries = Object.entries(properties).map(
    ([key, child]) =>
      [
        key,
        required.has(key)
          ? schemaValue(child, depth + 1)
          : fc.option(schemaValue(child, depth + 1), { nil: undefined }),
      ] as const,
  );
  return fc
    .record(Object.fromEntries(entries))
    .map((record) => Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined)));
}

/** A nearly-right object broken in one way (or left as it is, now and then). */
export function brokenObjectOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  const keys = Object.keys(schema.properties ?? {});
  const base = objectOf(schema, 0);
  if (keys.length === 0) return fc.oneof(base, fc.jsonValue());
  const key = fc.constantFrom(...keys);
  return fc.oneof(
    base,
    fc.tuple(base, key).map(([value, k]) => {
      const { [k]: _dropped, ...rest } = value;
      return rest;
    }),
    fc.tuple(base, key, wrongType).map(([value, k, wrong]) => ({ ...value, [k]: wrong })),
    fc.tuple(base, key, hostileString).map(([value, k, s]) => ({ ...value, [k]: s })),
    fc
      .tuple(
        base,
        fc.constantFrom('role', 'entityId', 'isAdmin', '__proto__', 'constructor', 'x'.repeat(300)),
        fc.jsonValue(),
      )
      .map(([value, k, extra]) => ({ ...value, [k]: extra })),
    fc.constantFrom(null, [], 'text', 0, true),
  );
}

/** A query string of nearly-right parameters, one of them broken. */
export function brokenQueryOf(parameters: { name: string; schema: JsonSchema }[]): fc.Arbitrary<string> {
  if (parameters.length === 0) return fc.constant('');
  const value = (schema: JsonSchema) =>
    fc.oneof(
      schemaValue(schema).map((v) => (typeof v === 'string' ? v : JSON.stringify(v))),
      hostileString,
      fc.constantFrom('-1', '0', '1e9', '99999999999999999999', '[]', 'true', 'null'),
    );
  return fc
    .tuple(
      ...parameters.map((p) =>
        fc.option(value(p.schema), { nil: undefined }).map((v) => [p.name, v] as const),
      ),
      fc.option(fc.constantFrom('page=1&page=2', 'search[]=a', 'sort[$gt]=', '__proto__[x]=1'), {
        nil: undefined,
      }),
    )
    .map((pairs) => {
      const extra = pairs.pop() as string | undefined;
      const search = new URLSearchParams();
      for (const pair of pairs as (readonly [string, string | undefined])[]) {
        if (pair[1] !== undefined) search.append(pair[0], pair[1]);
      }
      return [search.toString(), extra].filter(Boolean).join('&');
    });
}
