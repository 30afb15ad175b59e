// Unicode's bidirectional controls let a text choose the order it is shown in: after U+202E (RIGHT-TO-
// LEFT OVERRIDE) `invoice\u202Efdp.exe.png` is shown as `invoicegnp.exe.pdf`. A file name needs none of them;
// a message keeps the ones that only set a direction (embeddings, isolates, marks), each closed
// where its text ends, so that it cannot reach the link, the words or the message after it.

/** Embeddings, overrides, isolates and the direction marks (LRM, RLM, ALM). */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The overrides: the characters after them are shown in an order that is not theirs. */
const BIDI_OVERRIDES = /[\u202d\u202e]/g;

const EMBEDDINGS = new Set(['\u202a', '\u202b']);
const POP_EMBEDDING = '\u202c';
const ISOLATES = new Set(['\u2066', '\u2067', '\u2068']);
const POP_ISOLATE = '\u2069';

/** A name without any bidirectional control: it reads in the order its characters are in. */
export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}

/**
 * A piece of a message's text that cannot reorder anything around it: no override, and every
 * embedding or isolate it opens closed at its end (an unmatched closing control closes nothing).
 */
export function isolateBidiControls(text: string): string {
  const kept = text.replace(BIDI_OVERRIDES, '');
  const open: string[] = [];
  for (const char of kept) {
    if (EMBEDDINGS.has(char)) open.push(POP_EMBEDDING);
    else if (ISOLATES.has(char)) open.push(POP_ISOLATE);
    else if (char === POP_EMBEDDING && open.at(-1) === POP_EMBEDDING) open.pop();
    else if (char === POP_ISOLATE && open.includes(POP_ISOLATE)) {
      // Closing an isolate closes the embeddings opened inside it too.
      while (open.pop() !== POP_ISOLATE);
    }
  }
  return kept + open.reverse().join('');
}
