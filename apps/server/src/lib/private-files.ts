// What the portal keeps on disk — the embedded database's files (its WAL included), the outbox's
// e-mails, stored pictures and videos, the key file — is private family data and the keys to accounts:
// only the user the portal runs as may read it. New files are made private by the process's umask;
// files an earlier version (or another tool) left readable are tightened at start.
import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** Read and write for the owner alone: new files 0600, new folders 0700. */
const PRIVATE_UMASK = 0o077;

export class PrivateFilesError extends Error {}

/** Every file and folder this process creates from now on is its owner's alone. */
export function usePrivateUmask(): void {
  process.umask(PRIVATE_UMASK);
}

/**
 * Sets the private umask, creates each folder (0700) when missing and takes group and other
 * permissions off everything beneath it. Throws PrivateFilesError with what to run when a file cannot
 * be changed (it belongs to another user).
 */
export function keepFilesPrivate(folders: readonly string[]): void {
  usePrivateUmask();
  for (const folder of new Set(folders.map((f) => path.resolve(f)))) {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    tighten(folder);
  }
}

function tighten(target: string): void {
  const stat = lstatSync(target);
  // A link is followed by nobody here: the folder it points into is not ours to change.
  if (stat.isSymbolicLink()) return;
  if ((stat.mode & 0o077) !== 0) {
    try {
      chmodSync(target, stat.mode & 0o700);
    } catch (error) {
      throw new PrivateFilesError(
        `${target} can be read by other users of this machine and cannot be made private (${(error as NodeJS.ErrnoException).code}). ` +
          `Run the portal as the owner of its files, or run: chmod -R go-rwx '${target}'`,
      );
    }
  }
  if (stat.isDirectory()) {
    for (const name of readdirSync(target)) tighten(path.join(target, name));
  }
}
