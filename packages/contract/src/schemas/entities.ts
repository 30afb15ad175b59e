// Entity accounts (agencies and lawyers) as the admin manages them.
import { z } from 'zod';
import { MSG } from '../messages.js';
import { isValidIsoDate, todayIsoDate } from '../rules/dates.js';
import { COUPON_CODE_MAX, ENTITY_ADDRESS_MAX, ENTITY_NAME_MAX, SEARCH_MAX } from '../rules/text-limits.js';
import { ZEmail, ZPhone } from './auth.js';

export const ENTITY_STATUSES = ['active', 'pending', 'disabled', 'inactive'] as const;
export const ZEntityStatus = z.enum(ENTITY_STATUSES);
export type EntityStatus = z.infer<typeof ZEntityStatus>;

/** The statuses an admin sets: enabling makes an entity active, disabling makes it inactive (spec). */
export const ZEntityStatusChange = z.enum(['active', 'inactive', 'disabled']);
export type EntityStatusChange = z.infer<typeof ZEntityStatusChange>;

export const ZEntitySubtype = z.enum(['agency', 'lawyer']);

/** The Status column: 'disabled' and 'inactive' both read Disabled. */
export function entityStatusLabel(status: EntityStatus): string {
  if (status === 'active') return MSG.entities.statusActive;
  if (status === 'pending') return MSG.entities.statusPending;
  return MSG.entities.statusDisabled;
}

/** Contract dates are 10 characters, 'YYYY-MM-DD'. */
export const CONTRACT_DATE_LENGTH = 10;
export const ENTITY_PAGE_SIZE = 10;

/** The search of a list: what is typed, trimmed; empty lists all. */
export const ZSearch = z
  .string()
  .trim()
  .max(SEARCH_MAX, MSG.validation.tooLong(MSG.fields.search, SEARCH_MAX))
  .default('');

/** A coupon code as typed. */
export const ZCouponCodeText = z
  .string()
  .trim()
  .max(COUPON_CODE_MAX, MSG.validation.tooLong(MSG.fields.coupon, COUPON_CODE_MAX));

export const ZEntity = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  subtype: ZEntitySubtype,
  status: ZEntityStatus,
  /** status === 'active': the flag the list sorts and gates View/Edit by. */
  active: z.boolean(),
  startContract: z.string().nullable(),
  endContract: z.string().nullable(),
  coupon: z.string().nullable(),
  /** When the entity was last saved: sent back with an edit, so a save on a stale form is refused. */
  version: z.string(),
});
export type Entity = z.infer<typeof ZEntity>;

export const ZSortDirection = z.enum(['asc', 'desc']);
export type SortDirection = z.infer<typeof ZSortDirection>;

export const ZEntityListQuery = z.object({
  /** Matches the name or the e-mail, case-insensitive, anywhere in them. */
  search: ZSearch,
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(ENTITY_PAGE_SIZE),
  /** Sort by status (Active, Disabled, Pending); without it, by name. */
  sort: ZSortDirection.optional(),
});
export type EntityListQuery = z.input<typeof ZEntityListQuery>;

export const ZEntityListResponse = z.object({
  result: z.array(ZEntity),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type EntityListResponse = z.infer<typeof ZEntityListResponse>;

const entityName = z
  .string({ error: MSG.validation.entityNameRequired })
  .trim()
  .min(1, MSG.validation.entityNameRequired)
  .min(3, MSG.validation.entityNameMin)
  .max(ENTITY_NAME_MAX, MSG.validation.tooLong(MSG.fields.entityName, ENTITY_NAME_MAX));

const entityAddress = z
  .string({ error: MSG.validation.addressRequired })
  .trim()
  .min(1, MSG.validation.addressRequired)
  .max(ENTITY_ADDRESS_MAX, MSG.validation.tooLong(MSG.fields.address, ENTITY_ADDRESS_MAX));

const entityEmail = z
  .string({ error: MSG.validation.emailRequired })
  .trim()
  .min(1, MSG.validation.emailRequired)
  .pipe(ZEmail(MSG.validation.emailWrong));

function contractDate(lengthMessage: string, invalidMessage: string) {
  return z
    .string({ error: lengthMessage })
    .trim()
    .length(CONTRACT_DATE_LENGTH, lengthMessage)
    .refine((value) => value.length !== CONTRACT_DATE_LENGTH || isValidIsoDate(value), invalidMessage);
}

/** The coupon code as typed: trimmed, optional; an empty field is no coupon. */
export const ZCouponCode = ZCouponCodeText.nullish().transform((value) => (value ? value : null));

/**
 * The fields of the entity form and their rules. `today` is the latest date a
 * contract may start: the browser passes the user's own today, the server the latest today on Earth
 * (a request may come from any time zone).
 */
function entityFields(today: () => string) {
  return {
    name: entityName,
    phone: ZPhone(MSG.validation.phoneRequired),
    address: entityAddress,
    email: entityEmail,
    startContract: contractDate(
      MSG.validation.startContractLength,
      MSG.validation.startContractInvalid,
    ).refine((value) => !isValidIsoDate(value) || value <= today(), MSG.validation.startContractNotFuture),
    endContract: contractDate(MSG.validation.endContractLength, MSG.validation.endContractInvalid),
    coupon: ZCouponCode,
  };
}

/** Start strictly before end, reported on both dates; only once both are real dates. */
function checkContractOrder(
  value: { startContract?: unknown; endContract?: unknown },
  ctx: z.RefinementCtx,
): void {
  const { startContract: start, endContract: end } = value;
  if (typeof start !== 'string' || typeof end !== 'string') return;
  const s = start.trim();
  const e = end.trim();
  if (!isValidIsoDate(s) || !isValidIsoDate(e) || s < e) return;
  ctx.addIssue({ code: 'custom', path: ['startContract'], message: MSG.validation.startContractBeforeEnd });
  ctx.addIssue({ code: 'custom', path: ['endContract'], message: MSG.validation.endContractAfterStart });
}

/** The latest calendar date anywhere (UTC+14), so no user's "today" is refused by the server. */
export function latestTodayIsoDate(now: Date = new Date()): string {
  return todayIsoDate('Pacific/Kiritimati', now);
}

/** The entity form in the browser: the user's own today bounds the start date; agency or lawyer. */
export const ZEntityForm = z
  .object({ ...entityFields(() => todayIsoDate()), subtype: ZEntitySubtype })
  .superRefine(checkContractOrder);
export type EntityFormValues = z.input<typeof ZEntityForm>;

/** POST /api/entity/create: the form's fields, subtype agency unless said otherwise. */
export const ZCreateEntityRequest = z
  .object({ ...entityFields(() => latestTodayIsoDate()), subtype: ZEntitySubtype.default('agency') })
  .superRefine(checkContractOrder);
export type CreateEntityRequest = z.input<typeof ZCreateEntityRequest>;

const REQUIRED_ON_EDIT = {
  name: MSG.validation.entityNameRequired,
  phone: MSG.validation.phoneRequired,
  address: MSG.validation.addressRequired,
  email: MSG.validation.emailRequired,
  startContract: MSG.validation.startContractLength,
  endContract: MSG.validation.endContractLength,
} as const;

/**
 * PUT /api/entity/edit/{id}: the whole form; or a status change (`status`, optionally `subtype`), in
 * which the form's fields may be left out. Fields that are sent are checked by the form's rules.
 */
export const ZUpdateEntityRequest = z
  .object({
    ...(() => {
      const fields = entityFields(() => latestTodayIsoDate());
      return {
        name: fields.name.optional(),
        phone: fields.phone.optional(),
        address: fields.address.optional(),
        email: fields.email.optional(),
        startContract: fields.startContract.optional(),
        endContract: fields.endContract.optional(),
        // Left out, the coupon stays as it is; empty, it is removed.
        coupon: ZCouponCodeText.nullish(),
      };
    })(),
    subtype: ZEntitySubtype.optional(),
    status: ZEntityStatusChange.optional(),
    /** The entity's `version` as the form read it: a save after someone else's is refused (409). */
    version: z.iso.datetime().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.status === undefined) {
      for (const [key, message] of Object.entries(REQUIRED_ON_EDIT)) {
        if (value[key as keyof typeof REQUIRED_ON_EDIT] === undefined) {
          ctx.addIssue({ code: 'custom', path: [key], message });
        }
      }
    }
    checkContractOrder(value, ctx);
  });
export type UpdateEntityRequest = z.input<typeof ZUpdateEntityRequest>;

/**
 * One entity as its details page shows it: with its sign-in person (an access request's contact
 * person) and when it was recorded (an access request: when it was sent).
 */
export const ZEntityDetails = ZEntity.extend({
  /** The entity's sign-in account (what a second-factor reset names); null if it has none. */
  accountId: z.string().nullable(),
  contactName: z.string().nullable(),
  createdAt: z.string(),
});
export type EntityDetails = z.infer<typeof ZEntityDetails>;

/** Rejecting a pending access request; `notify` e-mails the requester that it was declined. */
export const ZRejectAccessRequest = z.object({ notify: z.boolean().default(false) });
export type RejectAccessRequest = z.input<typeof ZRejectAccessRequest>;
