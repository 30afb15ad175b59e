// Every user-facing text lives once, in the catalogue (CONVENTIONS.md rule 2): no source of the web app
// or the server spells a catalogue text out again. A text counts when it has two words or more, or ends
// in punctuation; single words ('Email', 'Close', 'Active') are too common to own. Tests may quote texts.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MSG } from './messages.js';
import { AGREEMENT_MSG } from './messages-agreements.js';
import { MAIL_TEXTS } from './messages-mail.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const SOURCES = ['apps/web/src', 'apps/server/src'];

function catalogueTexts(node: unknown, into = new Set<string>()): Set<string> {
  if (typeof node === 'string') {
    if (/\s/.test(node.trim()) || /[.!?]$/.test(node)) into.add(node);
  } else if (node && typeof node === 'object') {
    for (const value of Object.values(node)) catalogueTexts(value, into);
  }
  return into;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .filter((file) => !/\/(test|test-support)\//.test(file));
}

/** The code without its comments (a comment may quote a text to say why). */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[\s;{}(),])\/\/.*$/gm, '$1');
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The text as a whole string literal, or as the whole text of a JSX element. */
function spelledOut(text: string): RegExp {
  const body = escapeRegExp(text).replace(/'/g, "\\\\?'").replace(/"/g, '\\\\?"');
  return new RegExp(`(['"\`])${body}\\1|>\\s*${body}\\s*<`);
}

describe('the message catalogue', () => {
  const texts = [...catalogueTexts({ MSG, MAIL_TEXTS, AGREEMENT_MSG })];
  const files = SOURCES.flatMap(sourceFiles).map((file) => ({
    file,
    code: withoutComments(readFileSync(path.join(root, file), 'utf8')),
  }));

  it('finds the texts and the sources it checks', () => {
    expect(texts.length).toBeGreaterThan(200);
    expect(files.length).toBeGreaterThan(200);
  });

  it('is the only place a text is spelled out: sources use MSG (and AGREEMENT_MSG)', () => {
    const copies = files
      .filter(({ file }) => file !== 'packages/contract/src/messages.ts')
      .flatMap(({ file, code }) =>
        texts.filter((text) => spelledOut(text).test(code)).map((text) => `${file}: '${text}'`),
      );
    expect(copies).toEqual([]);
  });
});
