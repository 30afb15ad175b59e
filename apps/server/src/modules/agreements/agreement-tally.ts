// What windows came to, counted: kept on time, late, missed, excused, and still open (due now, or
// overdue within the days a late update still counts). A window a newer version cut short counts in
// none: the version after it has the window that replaced it.
import type { AgreementTally, AgreementWindowState } from '@bridge-talk/contract';

export function emptyTally(): AgreementTally {
  return { windows: 0, kept: 0, late: 0, missed: 0, excused: 0, open: 0 };
}

/** Adds one window's state to the tally (in place), and answers the tally. */
export function count(tally: AgreementTally, state: AgreementWindowState): AgreementTally {
  if (state === 'superseded') return tally;
  tally.windows += 1;
  tally[state === 'overdue' ? 'open' : state] += 1;
  return tally;
}

/** Adds one tally to another (in place). */
export function addTally(into: AgreementTally, tally: AgreementTally): void {
  for (const key of Object.keys(into) as (keyof AgreementTally)[]) into[key] += tally[key];
}
