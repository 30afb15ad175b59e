import { describe, expect, it } from 'vitest';
import { firstSearchWord, markSearchWords } from './search-words.js';

describe('markSearchWords', () => {
  it('marks each whole word that starts with a searched word or its stem, case and accents as typed', () => {
    expect(markSearchWords('We went Swimming, then swam; swimmers swim.', 'swimming')).toEqual([
      { text: 'We went ', match: false },
      { text: 'Swimming', match: true },
      { text: ', then swam; ', match: false },
      { text: 'swimmers', match: true },
      { text: ' ', match: false },
      { text: 'swim', match: true },
      { text: '.', match: false },
    ]);
  });

  it('marks several words, not inside other words, and keeps the text whole', () => {
    const text = 'A cake for Robin; cakewalk, pancake and robins.';
    const parts = markSearchWords(text, 'robin cake');
    expect(parts.map((p) => p.text).join('')).toBe(text);
    expect(parts.filter((p) => p.match).map((p) => p.text)).toEqual(['cake', 'Robin', 'cakewalk', 'robins']);
  });

  it('leaves markup as text: the parts are strings, never html', () => {
    const parts = markSearchWords('<b>cake</b> & <img src=x onerror=alert(1)>', 'cake img');
    expect(parts.map((p) => p.text).join('')).toBe('<b>cake</b> & <img src=x onerror=alert(1)>');
    expect(parts.filter((p) => p.match).map((p) => p.text)).toEqual(['cake', 'img']);
  });

  it('finds nothing when no word is there, and treats regular-expression characters as text', () => {
    expect(markSearchWords('hello there', 'cake')).toEqual([{ text: 'hello there', match: false }]);
    expect(markSearchWords('a (b) c', '(.*)')).toEqual([{ text: 'a (b) c', match: false }]);
  });
});

describe('firstSearchWord', () => {
  it('is where the first searched word starts, or -1', () => {
    expect(firstSearchWord('one two three', 'three two')).toBe(4);
    expect(firstSearchWord('one two', 'four')).toBe(-1);
  });
});
