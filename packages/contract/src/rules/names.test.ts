import { describe, expect, it } from 'vitest';
import { joinName, nameInitial, splitName } from './names.js';

describe('splitName', () => {
  it('splits at the first space', () => {
    expect(splitName('Mary Ann Smith')).toEqual({ firstName: 'Mary', lastName: 'Ann Smith' });
    expect(splitName('John Doe')).toEqual({ firstName: 'John', lastName: 'Doe' });
  });

  it('gives a single word as the first name', () => {
    expect(splitName('Cher')).toEqual({ firstName: 'Cher', lastName: '' });
  });

  it('ignores surrounding and repeated whitespace', () => {
    expect(splitName('  Mary   Ann\tSmith ')).toEqual({ firstName: 'Mary', lastName: 'Ann Smith' });
  });

  it('gives empty parts for an empty name', () => {
    expect(splitName('   ')).toEqual({ firstName: '', lastName: '' });
  });
});

describe('joinName', () => {
  it('joins with a single space, each part trimmed', () => {
    expect(joinName(' Mary ', ' Ann Smith ')).toBe('Mary Ann Smith');
  });

  it('adds no space for an empty part', () => {
    expect(joinName('Cher', '')).toBe('Cher');
    expect(joinName('', 'Smith')).toBe('Smith');
    expect(joinName(' ', ' ')).toBe('');
  });

  it('round-trips with splitName', () => {
    const { firstName, lastName } = splitName('Mary Ann Smith');
    expect(joinName(firstName, lastName)).toBe('Mary Ann Smith');
  });
});

describe('nameInitial', () => {
  it("gives the name's first letter, upper-cased", () => {
    expect(nameInitial('mary Smith')).toBe('M');
    expect(nameInitial('  Émile')).toBe('É');
    expect(nameInitial('')).toBe('');
  });
});
