// One process at a time holds an embedded database's folder; a lock left by a process that ended is
// taken over, one of a process that runs is not.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DATA_DIR_LOCK_FILE, DataDirHeldError, holdDataDir } from './data-dir-lock.js';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function freshDir(): string {
  dir = mkdtempSync(path.join(os.tmpdir(), 'bt-lock-'));
  return dir;
}

function heldMessage(folder: string, pid: number): string {
  return (
    `${folder} is in use by process ${pid}: only one process may open the embedded database. ` +
    `Stop that process first (if it is not the portal, remove ${path.join(folder, DATA_DIR_LOCK_FILE)}).`
  );
}

/** The message of the DataDirHeldError a hold of `folder` throws. */
function refusal(folder: string): string {
  try {
    holdDataDir(folder)();
  } catch (error) {
    expect(error).toBeInstanceOf(DataDirHeldError);
    return (error as Error).message;
  }
  throw new Error(`${folder} was held`);
}

describe('holdDataDir', () => {
  it('writes its pid, refuses a second holder, and removes the file when let go', () => {
    const folder = freshDir();
    const release = holdDataDir(folder);
    const lock = path.join(folder, DATA_DIR_LOCK_FILE);
    expect(readFileSync(lock, 'utf8')).toBe(`${process.pid}\n`);
    expect(refusal(folder)).toBe(heldMessage(folder, process.pid));
    release();
    expect(existsSync(lock)).toBe(false);
    holdDataDir(folder)();
  });

  it('takes over the lock of a process that has ended, or one of its own number it never took', () => {
    const folder = freshDir();
    const ended = spawnSync('true').pid!;
    for (const pid of [ended, process.pid]) {
      writeFileSync(path.join(folder, DATA_DIR_LOCK_FILE), `${pid}\n`);
      const release = holdDataDir(folder);
      expect(readFileSync(path.join(folder, DATA_DIR_LOCK_FILE), 'utf8')).toBe(`${process.pid}\n`);
      release();
    }
  });

  it('refuses while the process named in the lock runs', () => {
    const folder = freshDir();
    writeFileSync(path.join(folder, DATA_DIR_LOCK_FILE), `${process.ppid}\n`);
    expect(refusal(folder)).toBe(heldMessage(folder, process.ppid));
    expect(readFileSync(path.join(folder, DATA_DIR_LOCK_FILE), 'utf8')).toBe(`${process.ppid}\n`);
  });
});
