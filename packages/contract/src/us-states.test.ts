import { describe, expect, it } from 'vitest';
import { MSG } from './messages.js';
import { findUsState, US_STATE_ABBREVIATIONS, US_STATES, ZUsStateAbbreviation } from './us-states.js';

describe('US_STATES', () => {
  it('holds the 50 states plus the District of Columbia', () => {
    expect(US_STATES).toHaveLength(51);
    expect(findUsState('DC')).toEqual({ abbreviation: 'DC', name: 'District of Columbia' });
  });

  it('is sorted by name', () => {
    const names = US_STATES.map((state) => state.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en-US')));
    expect(names[0]).toBe('Alabama');
    expect(names.at(-1)).toBe('Wyoming');
  });

  it('has unique two-letter abbreviations and unique names', () => {
    expect(new Set(US_STATE_ABBREVIATIONS).size).toBe(51);
    expect(new Set(US_STATES.map((state) => state.name)).size).toBe(51);
    for (const abbreviation of US_STATE_ABBREVIATIONS) expect(abbreviation).toMatch(/^[A-Z]{2}$/);
  });

  it('names states correctly', () => {
    expect(findUsState('CA')?.name).toBe('California');
    expect(findUsState('NY')?.name).toBe('New York');
    expect(findUsState('TX')?.name).toBe('Texas');
    expect(findUsState('PR')).toBeUndefined();
  });
});

describe('ZUsStateAbbreviation', () => {
  it('accepts a listed abbreviation', () => {
    expect(ZUsStateAbbreviation.parse('WA')).toBe('WA');
  });

  it.each(['', 'wa', 'PR', 'Washington'])('refuses %j as a missing state', (input) => {
    const result = ZUsStateAbbreviation.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(MSG.validation.stateRequired);
  });
});
