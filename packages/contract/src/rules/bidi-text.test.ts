import { describe, expect, it } from 'vitest';
import { isolateBidiControls, withoutBidiControls } from './bidi-text.js';

describe('withoutBidiControls', () => {
  it('removes every bidirectional control and keeps the rest', () => {
    expect(withoutBidiControls('invoice\u202efdp.exe.png')).toBe('invoicefdp.exe.png');
    const controls = '\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c';
    expect(withoutBidiControls(`a${controls}b שלום`)).toBe('ab שלום');
  });
});

describe('isolateBidiControls', () => {
  it('removes overrides', () => {
    expect(isolateBidiControls('invoice\u202efdp.exe.png')).toBe('invoicefdp.exe.png');
    expect(isolateBidiControls('a\u202db\u202c')).toBe('ab\u202c');
  });

  it('closes embeddings and isolates left open, innermost first', () => {
    expect(isolateBidiControls('a\u202bb')).toBe('a\u202bb\u202c');
    expect(isolateBidiControls('a\u2067b\u202ac')).toBe('a\u2067b\u202ac\u202c\u2069');
    expect(isolateBidiControls('a\u2067b\u202ac\u2069d')).toBe('a\u2067b\u202ac\u2069d');
  });

  it('leaves balanced text and the direction marks as they are', () => {
    expect(isolateBidiControls('a\u202bb\u202c c\u2068d\u2069 \u200fe')).toBe(
      'a\u202bb\u202c c\u2068d\u2069 \u200fe',
    );
    expect(isolateBidiControls('plain text')).toBe('plain text');
  });
});
