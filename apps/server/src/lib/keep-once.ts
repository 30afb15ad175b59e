// A secret the portal generates once and keeps in DATA_DIR (the token key, the Web Push key pair):
// never in the database, whose files or backups a reader could otherwise use.
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomToken } from './secrets.js';

/**
 * The file's content, writing `value()` first when there is no file: written aside and linked into
 * place, so that processes starting together on one DATA_DIR all read the one that won.
 */
export function keepOnce(file: string, value: () => string): string {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const aside = `${file}.${process.pid}.${randomToken(6)}.tmp`;
  writeFileSync(aside, value(), { mode: 0o600 });
  try {
    linkSync(aside, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(aside, { force: true });
  }
  return readFileSync(file, 'utf8').trim();
}
