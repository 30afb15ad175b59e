// The excerpt of a search hit: the message as plain text (tags dropped, entities decoded, nothing of
// the html interpreted), cut around the first word searched for so the reader sees why it matched.
import { firstSearchWord } from '@bridge-talk/contract';
import { htmlToText } from '../../lib/html-to-text.js';

export const EXCERPT_MAX = 200;
/** How much of the text before the word found is kept, when the text must be cut. */
const LEAD = 60;

export function searchExcerpt(html: string, q: string, max = EXCERPT_MAX): string {
  const text = htmlToText(html).replace(/\s+/g, ' ').trim();
  if (text.length <= max) return text;
  const hit = Math.max(0, firstSearchWord(text, q));
  let start = Math.max(0, Math.min(hit - LEAD, text.length - (max - 1)));
  // Start on a word, not in the middle of one.
  if (start > 0) {
    const space = text.lastIndexOf(' ', start);
    if (space >= 0 && hit - space <= LEAD * 2) start = space + 1;
  }
  const lead = start > 0 ? '…' : '';
  const room = max - lead.length;
  if (text.length - start <= room) return `${lead}${text.slice(start)}`;
  let end = start + room - 1;
  const space = text.lastIndexOf(' ', end);
  if (space > hit) end = space;
  return `${lead}${text.slice(start, end).trimEnd()}…`;
}
