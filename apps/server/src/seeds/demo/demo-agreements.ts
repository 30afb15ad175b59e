// The demo families' contact agreements: their items, what the members sent under them and the
// caseworker's marks. The dates count from the day the seed runs, in the agreement's zone, so that a
// demo made on any day shows each state a caseworker meets: windows kept by a picture, a letter or a
// visit marked given, one given late, one missed, one overdue, one due within the week, one excused,
// and an older version whose open windows the new one cut short.
//
// No scripted line of demo-content.ts is long enough for a letter, and the Smiths, whose scripted
// pictures may fall in this year's windows, promise no photos: the conversations keep no window by
// chance.
import type { SaveAgreementRequest } from '@bridge-talk/contract';
import { addDays, addYears } from '../../modules/agreements/agreement-windows.js';
import type { DEMO_PICTURES, Speaker } from './demo-content.js';

/** The agency's zone: a message counts on the date it was sent there. */
export const DEMO_AGREEMENT_ZONE = 'America/New_York';

/** A message a member posts under the agreement, on a date, with its picture if it has one. */
interface DemoAgreementMessage {
  from: Speaker;
  on: string;
  html: string;
  picture?: keyof typeof DEMO_PICTURES;
}

/** The caseworker's mark on a window: the item by its position, the window by its due date. */
type DemoAgreementMark = { item: number; due: string } & (
  | { type: 'given'; date: string; note: string }
  | { type: 'excused'; note: string }
);

/** One version of a family's agreement, saved in turn, with what happened under it. */
export interface DemoAgreementVersion {
  agreement: SaveAgreementRequest;
  messages: DemoAgreementMessage[];
  marks: DemoAgreementMark[];
}

/**
 * The first day from `iso` on that every month has (the 28th at most): dates counted in months from
 * it all fall on the same day of the month.
 */
function onADayEveryMonthHas(iso: string): string {
  let day = iso;
  while (Number(day.slice(8, 10)) > 28) day = addDays(day, 1);
  return day;
}

/** The same day `months` later (or earlier, when negative); for days every month has. */
function addMonths(iso: string, months: number): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1 + months, day)).toISOString().slice(0, 10);
}

/**
 * The Smiths and Robin's birth mother, a year after the placement: her first letter kept, the second
 * overdue by a few days; this year's birthday card excused; the yearly visit marked given.
 */
export function smithAgreement(today: string): DemoAgreementVersion[] {
  const secondLetterDue = onADayEveryMonthHas(addDays(today, -6));
  const placement = addMonths(secondLetterDue, -12);
  const birthday = addDays(today, -45);
  const childBirthDate = addYears(birthday, -3);
  const visit = addDays(today, -100);
  return [
    {
      agreement: {
        effectiveFrom: placement,
        timeZone: DEMO_AGREEMENT_ZONE,
        childBirthDate,
        items: [
          {
            kind: 'letter',
            giver: 'birth',
            receiver: 'adoptive',
            frequency: { type: 'everyMonths', months: 6, start: placement },
            note: 'A letter from Beatrice to Pat and Jordan twice a year, in the family’s channel.',
          },
          {
            kind: 'gift',
            giver: 'birth',
            receiver: 'adoptive',
            frequency: { type: 'birthday' },
            until: { type: 'childAge', years: 18 },
            note: 'A birthday card for Robin, mailed through the agency.',
          },
          {
            kind: 'visit',
            giver: 'adoptive',
            receiver: 'birth',
            frequency: { type: 'yearlyDates', dates: [visit.slice(5)] },
            note: 'One supervised visit a year, on the date agreed at placement, at a park near Beatrice.',
          },
        ],
      },
      messages: [
        {
          from: 'birth',
          on: addDays(addMonths(placement, 6), -20),
          html: '<p>Dear Pat and Jordan,</p><p>It has been almost six months, and I wanted to write properly this time, not just a quick message. I started the evening class I told you about and the library gave me more hours. I keep Robin’s drawing on my fridge and look at it every morning. Please tell Robin that I think of our little family every day. Thank you for keeping every promise you made me.</p><p>With love, Beatrice</p>',
        },
      ],
      marks: [
        {
          item: 1,
          due: addYears(childBirthDate, 3),
          type: 'excused',
          note: 'Beatrice was in hospital in the weeks around Robin’s birthday; the parents agreed to skip this year’s card.',
        },
        {
          item: 2,
          due: visit,
          type: 'given',
          date: visit,
          note: 'Met at the park for two hours; Robin fed the ducks with Beatrice. Erin supervised.',
        },
      ],
    },
  ];
}

/**
 * The Brooks family (the lawyer's): photos of Ethan every three months. The first kept, the second
 * sent six days late, the third never sent, the fourth due within the week.
 */
export function brooksAgreement(today: string): DemoAgreementVersion[] {
  const fourthDue = onADayEveryMonthHas(addDays(today, 3));
  const placement = addMonths(fourthDue, -12);
  return [
    {
      agreement: {
        effectiveFrom: placement,
        timeZone: DEMO_AGREEMENT_ZONE,
        items: [
          {
            kind: 'photos',
            giver: 'adoptive',
            receiver: 'birth',
            frequency: { type: 'everyMonths', months: 3, start: placement },
            note: 'Photos of Ethan every 3 months from the placement date.',
          },
        ],
      },
      messages: [
        {
          from: 'parent',
          on: addDays(addMonths(placement, 3), -12),
          html: '<p>Hi Dana, here are this season’s photos. Ethan picked this spot at the lake himself and insisted we take one for you.</p>',
          picture: 'lake',
        },
        {
          from: 'parent',
          on: addDays(addMonths(placement, 6), 6),
          html: '<p>Sorry these are a few days late, Dana, it was a busy week. Ethan drew our house at school and asked us to send it to you.</p>',
          picture: 'drawing',
        },
      ],
      marks: [],
    },
  ];
}

/**
 * The Chens: the first agreement, with both birth parents, kept its photos; Marcus missed his call and
 * then stepped back, and a month ago the agreement was written again with Mei alone, which cut the
 * first one's open windows short.
 */
export function chenAgreement(today: string): DemoAgreementVersion[] {
  const thirdPhotosDue = onADayEveryMonthHas(addDays(today, -10));
  const placement = addMonths(thirdPhotosDue, -6);
  const rewritten = onADayEveryMonthHas(addDays(today, -30));
  return [
    {
      agreement: {
        effectiveFrom: placement,
        timeZone: DEMO_AGREEMENT_ZONE,
        items: [
          {
            kind: 'photos',
            giver: 'adoptive',
            receiver: 'birth',
            frequency: { type: 'everyMonths', months: 2, start: placement },
            note: 'Photos of Lily every 2 months to Mei and Marcus.',
          },
          {
            kind: 'call',
            giver: 'birth',
            receiver: 'adoptive',
            frequency: { type: 'everyMonths', months: 3, start: placement },
            note: 'Marcus calls the family every 3 months.',
          },
        ],
      },
      messages: [
        {
          from: 'parent2',
          on: addDays(addMonths(placement, 2), -10),
          html: '<p>Hi Mei, Sam here. Lily helped plant the garden this spring, so the first photos are of her flowers.</p>',
          picture: 'garden',
        },
        {
          from: 'parent',
          on: addDays(addMonths(placement, 4), -5),
          html: '<p>Lily at the lake last weekend. She asked whether you like swimming too.</p>',
          picture: 'lake',
        },
      ],
      marks: [],
    },
    {
      agreement: {
        effectiveFrom: rewritten,
        timeZone: DEMO_AGREEMENT_ZONE,
        items: [
          {
            kind: 'photos',
            giver: 'adoptive',
            receiver: 'birth',
            frequency: { type: 'everyMonths', months: 2, start: rewritten },
            note: 'Photos of Lily every 2 months to Mei.',
          },
          {
            kind: 'letter',
            giver: 'birth',
            receiver: 'adoptive',
            frequency: { type: 'everyMonths', months: 4, start: rewritten },
            note: 'A letter from Mei three times a year.',
          },
        ],
      },
      messages: [],
      marks: [],
    },
  ];
}
