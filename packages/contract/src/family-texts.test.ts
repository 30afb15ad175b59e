import { describe, expect, it } from 'vitest';
import { FAMILY_LANGUAGES, FAMILY_TEXTS, familyLanguageOf } from './family-texts.js';

describe('the families’ app texts', () => {
  it('has every text in every language, none empty, with its values in', () => {
    for (const language of FAMILY_LANGUAGES) {
      const texts = FAMILY_TEXTS[language];
      expect(Object.keys(texts).sort()).toEqual(Object.keys(FAMILY_TEXTS.en).sort());
      for (const [key, text] of Object.entries(texts)) {
        const shown = typeof text === 'function' ? (text as (v: never) => string)('«7»' as never) : text;
        expect(shown.trim(), `${language}.${key}`).not.toBe('');
        if (typeof text === 'function') expect(shown, `${language}.${key} shows its value`).toMatch(/«7»|7/);
      }
    }
  });

  it('speaks the browser’s first language it knows', () => {
    expect(familyLanguageOf(['es-MX', 'en'])).toBe('es');
    expect(familyLanguageOf(['fr-FR', 'es'])).toBe('es');
    expect(familyLanguageOf(['de'])).toBe('en');
    expect(familyLanguageOf([])).toBe('en');
  });
});
