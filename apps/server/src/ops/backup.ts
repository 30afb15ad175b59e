// `npm run backup -- <folder>`: the database, the token key, the stored files and the outbox, with a
// manifest of every part's size and SHA-256, written into a new folder. It is written beside the
// target under another name and renamed when complete, so a folder with the target's name is always
// a whole backup.
//
// PostgreSQL: pg_dump takes one consistent snapshot while the portal serves; the files are copied after
// it. A file is stored before the row that names it is written, so every row in the dump names a file
// that was there when the dump began. The embedded database (PGlite) is held by the portal that runs on
// it, so it is backed up with the portal stopped: its folder is copied whole, held meanwhile so that
// no portal starts on it.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config/index.js';
import {
  dumpPostgres,
  type MigrationState,
  pgliteMigrations,
  postgresMigrations,
} from '../db/backup-database.js';
import { DATA_DIR_LOCK_FILE, DataDirHeldError, holdDataDir } from '../db/data-dir-lock.js';
import { usePrivateUmask } from '../lib/private-files.js';
import { VAPID_KEYS_FILE } from '../modules/notifications/vapid-keys.js';
import { TOKEN_KEY_FILE } from '../modules/system/bootstrap-admin.js';
import {
  BackupError,
  copyCounted,
  MANIFEST_FILE,
  type Manifest,
  type ManifestPart,
  manifestText,
  partIn,
  treeBelow,
} from './backup-manifest.js';

/** Where each thing is in a backup folder (restore.ts puts each back from there). */
export const BACKUP_PARTS = {
  postgresDump: 'database.pgdump',
  pgliteFolder: 'database',
  tokenKey: TOKEN_KEY_FILE,
  vapidKeys: VAPID_KEYS_FILE,
  files: 'files',
  outbox: 'outbox',
} as const;

export const PORTAL_RUNNING =
  'Stop the portal first: the embedded database is held by the running portal. On PostgreSQL, backups run live.';

/** The portal's version, as its server package says. */
function portalVersion(): string {
  const file = new URL('../../package.json', import.meta.url);
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

/** What a backup holds so far: its parts, and every folder (empty ones too) that restore makes. */
interface Contents {
  parts: ManifestPart[];
  folders: string[];
}

/**
 * Copies every file and folder below `from` into the backup under `prefix/`, in order. A file that is
 * gone by the time it is copied is left out: on a live portal the clean-up may remove one meanwhile.
 */
async function copyFolder(
  from: string,
  work: string,
  prefix: string,
  contents: Contents,
  skip?: ReadonlySet<string>,
): Promise<void> {
  const tree = treeBelow(from, skip);
  for (const folder of tree.folders) {
    mkdirSync(path.join(work, prefix, folder), { recursive: true, mode: 0o700 });
    contents.folders.push(`${prefix}/${folder}`);
  }
  for (const file of tree.files) {
    const part = `${prefix}/${file}`;
    try {
      contents.parts.push({
        path: part,
        ...(await copyCounted(path.join(from, file), path.join(work, part))),
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || existsSync(path.join(from, file)))
        throw error;
      rmSync(path.join(work, part), { force: true });
    }
  }
}

/**
 * The embedded database's folder, without what the portal keeps beside it there (the key, the outbox,
 * stored files: parts of their own) and without the lock files of the processes that opened it.
 */
function copyPglite(config: Config, work: string, contents: Contents): Promise<void> {
  const { dataDir } = config.database;
  const skip = new Set(
    [TOKEN_KEY_FILE, VAPID_KEYS_FILE, DATA_DIR_LOCK_FILE, 'postmaster.pid']
      .map((name) => path.join(dataDir, name))
      .concat(config.mail.outboxDir, config.storage.dir),
  );
  return copyFolder(dataDir, work, BACKUP_PARTS.pgliteFolder, contents, skip);
}

/** Holds DATA_DIR for the whole backup, or refuses while the portal (or another process) holds it. */
function holdEmbeddedDatabase(dataDir: string): () => void {
  if (!existsSync(path.join(dataDir, 'PG_VERSION')))
    throw new BackupError(`${dataDir} holds no embedded database: check DATA_DIR (or set DATABASE_URL).`);
  try {
    return holdDataDir(dataDir);
  } catch (error) {
    if (error instanceof DataDirHeldError)
      throw new BackupError(`${PORTAL_RUNNING} (${dataDir} is held by process ${error.pid ?? 'unknown'}.)`);
    throw error;
  }
}

/** Writes a backup of what `config` names into the new folder `target`; its manifest. */
export async function createBackup(config: Config, target: string): Promise<Manifest> {
  const folder = path.resolve(target);
  if (existsSync(folder))
    throw new BackupError(`${folder} exists already: a backup is written into a new folder.`);
  // A backup inside what it copies would copy itself; and it belongs off the machine anyway.
  const portalFolder = [config.database.dataDir, config.mail.outboxDir, config.storage.dir].find(
    (dir) => folder === dir || folder.startsWith(`${dir}${path.sep}`),
  );
  if (portalFolder)
    throw new BackupError(
      `${folder} is inside ${portalFolder}: write the backup outside the portal's folders.`,
    );
  const parent = path.dirname(folder);
  mkdirSync(parent, { recursive: true, mode: 0o700 });
  const work = path.join(parent, `.${path.basename(folder)}.partial-${randomBytes(4).toString('hex')}`);
  // Owner-only: what is written here, and what the embedded database writes as it opens.
  usePrivateUmask();
  const url = config.database.url;
  const release = url ? () => {} : holdEmbeddedDatabase(config.database.dataDir);
  try {
    mkdirSync(work, { mode: 0o700 });
    const contents: Contents = { parts: [], folders: [] };
    const { parts } = contents;
    let migrations: MigrationState;
    if (url) {
      const dump = path.join(work, BACKUP_PARTS.postgresDump);
      await dumpPostgres(url, dump);
      migrations = await postgresMigrations(url);
      parts.push(await partIn(work, BACKUP_PARTS.postgresDump));
    } else {
      migrations = await pgliteMigrations(config.database.dataDir);
      await copyPglite(config, work, contents);
    }
    // The keys the portal generated and keeps beside the database: without them no second factor
    // opens again, and no browser's notification subscription works.
    for (const key of [BACKUP_PARTS.tokenKey, BACKUP_PARTS.vapidKeys]) {
      const kept = path.join(config.database.dataDir, key);
      if (existsSync(kept)) parts.push({ path: key, ...(await copyCounted(kept, path.join(work, key))) });
    }
    if (config.storage.provider === 'local')
      await copyFolder(config.storage.dir, work, BACKUP_PARTS.files, contents);
    await copyFolder(config.mail.outboxDir, work, BACKUP_PARTS.outbox, contents);
    const manifest: Omit<Manifest, 'checksum'> = {
      format: 'bridge-talk-backup',
      formatVersion: 1,
      createdAt: new Date().toISOString(),
      portalVersion: portalVersion(),
      database: { kind: url ? 'postgres' : 'pglite', migrations },
      storage: { provider: config.storage.provider, included: config.storage.provider === 'local' },
      parts,
      folders: contents.folders,
    };
    const text = manifestText(manifest);
    writeFileSync(path.join(work, MANIFEST_FILE), text, { flag: 'wx', mode: 0o600 });
    renameSync(work, folder);
    return JSON.parse(text) as Manifest;
  } catch (error) {
    rmSync(work, { recursive: true, force: true });
    throw error;
  } finally {
    release();
  }
}
