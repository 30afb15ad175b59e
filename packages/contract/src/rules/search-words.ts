// Where the words of a conversation search stand in a text: the server cuts a hit's excerpt around
// the first of them, the web app marks them. Search matches word stems ('swimming' finds 'swim'), so
// a word searched for is found by its start, down to STEM_MIN letters, at the start of a word.

/** The shortest start of a word still looked for. */
const STEM_MIN = 4;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The words of a search as it matches them (letters and digits, lower case). */
function searchWords(q: string): string[] {
  return q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** For each word searched for, the longest start of it found in the text (at a word's start). */
function foundStems(text: string, q: string): string[] {
  return searchWords(q).flatMap((word) => {
    for (let length = word.length; length >= Math.min(word.length, STEM_MIN); length--) {
      const stem = word.slice(0, length);
      if (new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(stem)}`, 'iu').test(text)) return [stem];
    }
    return [];
  });
}

/** Where the first of the searched words starts in the text, or -1. */
export function firstSearchWord(text: string, q: string): number {
  const stems = foundStems(text, q);
  if (stems.length === 0) return -1;
  const found = new RegExp(`(?<![\\p{L}\\p{N}])(?:${stems.map(escapeRegExp).join('|')})`, 'iu').exec(text);
  return found?.index ?? -1;
}

/** A piece of text, and whether it is a searched word (the whole word that starts with it). */
export interface SearchPart {
  text: string;
  match: boolean;
}

/**
 * The text cut into plain parts and the words found, in order; joined, the parts are the text. A word
 * is marked when it starts with the first STEM_MIN letters of a searched word (the whole searched
 * word when shorter), as the search's stemming finds 'swim' and 'swimmers' for 'swimming'.
 */
export function markSearchWords(text: string, q: string): SearchPart[] {
  const stems = searchWords(q).map((word) => word.slice(0, STEM_MIN));
  if (stems.length === 0) return text ? [{ text, match: false }] : [];
  // Longest first, so that a longer stem is not cut short by a shorter one.
  const alternatives = [...new Set(stems)].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})[\\p{L}\\p{N}]*`, 'giu');
  const parts: SearchPart[] = [];
  let at = 0;
  for (const found of text.matchAll(pattern)) {
    if (found.index > at) parts.push({ text: text.slice(at, found.index), match: false });
    parts.push({ text: found[0], match: true });
    at = found.index + found[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), match: false });
  return parts;
}
