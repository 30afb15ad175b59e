// One process at a time opens an embedded database's folder: two PGlite instances writing one data
// directory corrupt it, and a backup copied from under a running portal would not be consistent. The
// process that opens it writes its pid to DATA_DIR/portal.pid and removes the file when it closes the
// database; a file whose process has ended (a crash, kill -9) is taken over.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const DATA_DIR_LOCK_FILE = 'portal.pid';

/** The folders this process holds: its own pid in a lock file means held only when it is listed here. */
const heldHere = new Set<string>();

export class DataDirHeldError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number | null,
  ) {
    const file = path.join(dataDir, DATA_DIR_LOCK_FILE);
    super(
      `${dataDir} is in use by process ${pid ?? '(unknown)'}: only one process may open the embedded database. ` +
        `Stop that process first (if it is not the portal, remove ${file}).`,
    );
  }
}

function holderOf(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Whether the process that wrote the lock still runs. A pid equal to ours is a file left by an earlier
 * process that had our number (a container's restart), unless this process opened the folder itself.
 */
function stillHeld(pid: number, dir: string): boolean {
  if (pid === process.pid) return heldHere.has(dir);
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Holds `dataDir` for this process, or throws DataDirHeldError; the returned function lets it go. */
export function holdDataDir(dataDir: string): () => void {
  const dir = path.resolve(dataDir);
  const file = path.join(dir, DATA_DIR_LOCK_FILE);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  let takenOver = false;
  for (;;) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const pid = holderOf(file);
    // No pid yet: another process is writing it. A second EEXIST after taking a stale file over: another
    // process that found the same stale file took it first.
    if (takenOver || pid === null || stillHeld(pid, dir)) throw new DataDirHeldError(dir, pid);
    rmSync(file, { force: true });
    takenOver = true;
  }
  heldHere.add(dir);
  return () => {
    if (!heldHere.delete(dir)) return;
    if (holderOf(file) === process.pid) rmSync(file, { force: true });
  };
}
