import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TERMS_CLASSES, termsStyleOfClass } from '@bridge-talk/contract';
import { describe, expect, it } from 'vitest';

/** The declarations of `.terms-html .<name>` alone, as 'property: value'. */
function ruleOf(name: string): string | undefined {
  const match = new RegExp(`\\.terms-html \\.${name} \\{\\s*([^}]*?);?\\s*\\}`).exec(css);
  return match?.[1]?.trim();
}

// Read from disk: the test run does not process stylesheets.
const css = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'terms-format.css'), 'utf8');

describe('terms-format.css', () => {
  it('styles every class the contract lets terms keep, as the style it stands for', () => {
    expect(TERMS_CLASSES.length).toBeGreaterThan(50);
    for (const name of TERMS_CLASSES) {
      const style = termsStyleOfClass(name)!;
      const property = style.property === 'text-decoration' ? 'text-decoration-line' : style.property;
      expect(ruleOf(name), name).toBe(`${property}: ${style.value.toLowerCase()}`);
    }
  });
});
