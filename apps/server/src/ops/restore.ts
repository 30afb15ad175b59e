// `npm run restore -- <folder>`: puts a backup (ops/backup.ts) back into an empty DATA_DIR, or an empty
// PostgreSQL database and an empty DATA_DIR. The manifest is checked first — every part present, its
// size and SHA-256 as written — and a backup that does not match, or a target that is not empty, is
// refused before anything is written. Should the restore fail later, what it wrote is removed again,
// so a target is left either restored or as empty as it was.
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config/index.js';
import {
  type MigrationState,
  pgliteMigrations,
  postgresMigrations,
  postgresRelationCount,
  restorePostgres,
  shippedMigrations,
} from '../db/backup-database.js';
import { holdDataDir } from '../db/data-dir-lock.js';
import { keepFilesPrivate } from '../lib/private-files.js';
import { BACKUP_PARTS } from './backup.js';
import {
  BackupError,
  copyCounted,
  filesBelow,
  type Manifest,
  type ManifestPart,
  readVerifiedManifest,
} from './backup-manifest.js';

/** The folders a restore writes into: DATA_DIR, the outbox and (when local) the stored files' folder. */
function targetFolders(config: Config): string[] {
  const folders = [config.database.dataDir, config.mail.outboxDir];
  if (config.storage.provider === 'local') folders.push(config.storage.dir);
  return folders;
}

/** Where a part goes: under its target folder, or null when it is the PostgreSQL dump (pg_restore reads it). */
function destinationOf(config: Config, part: string): string | null {
  const under = (prefix: string, folder: string) =>
    part.startsWith(`${prefix}/`) ? path.join(folder, part.slice(prefix.length + 1)) : null;
  if (part === BACKUP_PARTS.postgresDump) return null;
  if (part === BACKUP_PARTS.tokenKey || part === BACKUP_PARTS.vapidKeys)
    return path.join(config.database.dataDir, part);
  const destination =
    under(BACKUP_PARTS.pgliteFolder, config.database.dataDir) ??
    under(BACKUP_PARTS.files, config.storage.dir) ??
    under(BACKUP_PARTS.outbox, config.mail.outboxDir);
  if (!destination)
    throw new BackupError(
      `The backup holds a part this portal does not know: ${part}. Nothing was restored.`,
    );
  return destination;
}

/** Why this backup cannot go into what `config` names, or null when it can. */
function mismatch(config: Config, manifest: Manifest): string | null {
  const shipped = shippedMigrations().length;
  const { count, last } = manifest.database.migrations;
  if (count > shipped)
    return `This backup was made by a newer portal (${count} migrations, the last ${last}; this one ships ${shipped}): restore it with that version or a later one.`;
  if (manifest.database.kind === 'pglite' && config.database.url)
    return 'This backup holds an embedded (PGlite) database: unset DATABASE_URL to restore it into DATA_DIR.';
  if (manifest.database.kind === 'postgres' && !config.database.url)
    return 'This backup holds a PostgreSQL database: set DATABASE_URL to a new, empty database to restore it into.';
  if (manifest.storage.included && config.storage.provider !== 'local')
    return 'This backup holds the stored files of a folder: restore it with STORAGE_PROVIDER=local (and copy the files to the bucket after).';
  return null;
}

/** Refuses a target that holds anything: a restore never overwrites nor mixes with what is there. */
async function requireEmptyTargets(config: Config): Promise<void> {
  for (const folder of targetFolders(config)) {
    const [first] = filesBelow(folder);
    if (first !== undefined)
      throw new BackupError(
        `${folder} is not empty (it holds ${first}): restore into an empty folder — a new DATA_DIR${config.storage.provider === 'local' ? ' and STORAGE_DIR' : ''} — nothing was restored.`,
      );
  }
  const url = config.database.url;
  if (url) {
    const relations = await postgresRelationCount(url);
    if (relations > 0)
      throw new BackupError(
        `The database of DATABASE_URL is not empty (${relations} tables, views or sequences): restore into a new, empty database (createdb); nothing was restored.`,
      );
  }
}

/** Takes back what a failed restore wrote: the target folders were empty of files before it. */
function emptyAgain(config: Config): void {
  for (const folder of targetFolders(config)) {
    let names: string[];
    try {
      names = readdirSync(folder);
    } catch {
      continue;
    }
    for (const name of names) rmSync(path.join(folder, name), { recursive: true, force: true });
  }
}

/** Where every part goes (the PostgreSQL dump, which pg_restore reads, goes nowhere). */
function placesOf(config: Config, manifest: Manifest): { part: ManifestPart; destination: string }[] {
  return manifest.parts.flatMap((part) => {
    const destination = destinationOf(config, part.path);
    return destination ? [{ part, destination }] : [];
  });
}

/** Copies every part to its place, checking each one's bytes again as they are copied. */
async function copyParts(folder: string, places: { part: ManifestPart; destination: string }[]) {
  for (const { part, destination } of places) {
    const copied = await copyCounted(path.join(folder, part.path), destination);
    if (copied.size !== part.size || copied.sha256 !== part.sha256)
      throw new BackupError(
        `${part.path} changed while it was being restored: restore again from a copy that is not being written.`,
      );
  }
}

function sameMigrations(restored: MigrationState, manifest: Manifest): void {
  const expected = manifest.database.migrations;
  if (restored.count !== expected.count || restored.last !== expected.last)
    throw new BackupError(
      `The restored database has ${restored.count} migrations (last ${restored.last}), the manifest ${expected.count} (last ${expected.last}): it is not the database the manifest describes.`,
    );
}

/** Restores the backup in `source` into the empty targets `config` names; the backup's manifest. */
export async function restoreBackup(config: Config, source: string): Promise<Manifest> {
  const folder = path.resolve(source);
  const manifest = await readVerifiedManifest(folder);
  const refused = mismatch(config, manifest);
  if (refused) throw new BackupError(`${refused} Nothing was restored.`);
  const places = placesOf(config, manifest);
  const folders = manifest.folders.flatMap((made) => destinationOf(config, made) ?? []);
  await requireEmptyTargets(config);
  const { dataDir, url } = config.database;
  // Owner-only, as the portal keeps them: the folders, what is copied, what the database writes.
  keepFilesPrivate(targetFolders(config));
  // Held from here to the end: no portal starts on a half-restored embedded database.
  const release = url ? () => {} : holdDataDir(dataDir);
  try {
    for (const made of folders) mkdirSync(made, { recursive: true, mode: 0o700 });
    await copyParts(folder, places);
    if (url) {
      // Last, in one transaction: whatever fails before it leaves the database empty.
      await restorePostgres(url, path.join(folder, BACKUP_PARTS.postgresDump));
      sameMigrations(await postgresMigrations(url), manifest);
    } else {
      sameMigrations(await pgliteMigrations(dataDir), manifest);
    }
    // PGlite writes some files of its own with wider modes (pg_internal.init): tightened, as at start.
    keepFilesPrivate(targetFolders(config));
    return manifest;
  } catch (error) {
    emptyAgain(config);
    throw error;
  } finally {
    release();
  }
}
