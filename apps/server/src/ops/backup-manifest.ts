// A backup is a folder of parts — the database, the token key, the stored files, the outbox — and a
// manifest.json naming every part with its size and SHA-256. A restore believes nothing the manifest
// does not vouch for: every part is checked before anything is written, and again as it is copied.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';

export const MANIFEST_FILE = 'manifest.json';

/** A refusal or a failure with a message for the person running the command; exit code 1. */
export class BackupError extends Error {}

const ZPart = z.object({
  /** Relative to the backup folder, with forward slashes. */
  path: z.string().min(1),
  size: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

const ZManifest = z.object({
  format: z.literal('bridge-talk-backup'),
  formatVersion: z.literal(1),
  createdAt: z.iso.datetime(),
  portalVersion: z.string(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    migrations: z.object({ count: z.number().int().min(0), last: z.string().nullable() }),
  }),
  /** `included`: the stored files are parts (STORAGE_PROVIDER=local); a bucket is backed up on its own. */
  storage: z.object({ provider: z.enum(['local', 's3']), included: z.boolean() }),
  parts: z.array(ZPart),
  /**
   * Every folder, empty ones included: PostgreSQL's data directory has folders it needs and may find
   * empty (pg_tblspc, pg_twophase…); a restore makes each one.
   */
  folders: z.array(z.string().min(1)),
  /** SHA-256 of the rest of the manifest: an edited manifest is refused like a changed part. */
  checksum: z.string(),
});

export type Manifest = z.infer<typeof ZManifest>;
export type ManifestPart = z.infer<typeof ZPart>;

/** JSON with its keys sorted at every level: the same text however the manifest was written. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function checksumOf(manifest: Record<string, unknown>): string {
  const { checksum: _checksum, ...rest } = manifest;
  return createHash('sha256').update(canonical(rest)).digest('hex');
}

/** The manifest's text, with its checksum: written last, so a folder without one is no backup. */
export function manifestText(manifest: Omit<Manifest, 'checksum'>): string {
  return `${JSON.stringify({ ...manifest, checksum: checksumOf(manifest) }, null, 2)}\n`;
}

/** A part's path that stays inside the folder it is restored into. */
function isSafePartPath(part: string): boolean {
  return (
    part === path.posix.normalize(part) &&
    !part.startsWith('/') &&
    !part.startsWith('../') &&
    part !== '..' &&
    !part.includes('\\') &&
    part !== MANIFEST_FILE
  );
}

/**
 * Copies `from` to `to` (a new file, owner-only; its folders made owner-only), counting and hashing
 * the bytes as they pass: the size and SHA-256 of what was written.
 */
export async function copyCounted(from: string, to: string): Promise<{ size: number; sha256: string }> {
  mkdirSync(path.dirname(to), { recursive: true, mode: 0o700 });
  const hash = createHash('sha256');
  let size = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(createReadStream(from), count, createWriteStream(to, { flags: 'wx', mode: 0o600 }));
  return { size, sha256: hash.digest('hex') };
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** A file already in the backup folder, as the manifest lists it. */
export async function partIn(folder: string, part: string): Promise<ManifestPart> {
  const file = path.join(folder, part);
  return { path: part, size: lstatSync(file).size, sha256: await sha256Of(file) };
}

/**
 * Every file and folder below `dir` (relative paths, forward slashes, in order), leaving out what
 * `skip` names (absolute paths) and `.tmp` files — writes in progress (an upload, a key being
 * created), never data. Links are not followed: nothing the portal writes is one.
 */
export function treeBelow(
  dir: string,
  skip: ReadonlySet<string> = new Set(),
): { files: string[]; folders: string[] } {
  const tree = { files: [] as string[], folders: [] as string[] };
  if (!existsSync(dir)) return tree;
  const walk = (folder: string, prefix: string) => {
    for (const name of readdirSync(folder).sort()) {
      const full = path.join(folder, name);
      if (skip.has(full) || name.endsWith('.tmp')) continue;
      const stat = lstatSync(full);
      if (stat.isDirectory()) {
        tree.folders.push(`${prefix}${name}`);
        walk(full, `${prefix}${name}/`);
      } else if (stat.isFile()) tree.files.push(`${prefix}${name}`);
    }
  };
  walk(dir, '');
  return tree;
}

export function filesBelow(dir: string, skip?: ReadonlySet<string>): string[] {
  return treeBelow(dir, skip).files;
}

/** Reads the manifest of `folder` and checks every part against it; throws a BackupError listing what is wrong. */
export async function readVerifiedManifest(folder: string): Promise<Manifest> {
  const refuse = (problems: string[]) =>
    new BackupError(
      `The backup in ${folder} does not match its manifest; nothing was restored:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(path.join(folder, MANIFEST_FILE), 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new BackupError(
        `${folder} has no ${MANIFEST_FILE}: it is not a backup, or one whose writing never finished; nothing was restored.`,
      );
    throw refuse([`${MANIFEST_FILE} is not readable JSON`]);
  }
  if (
    raw === null ||
    typeof raw !== 'object' ||
    checksumOf(raw as Record<string, unknown>) !== (raw as Manifest).checksum
  )
    throw refuse([`${MANIFEST_FILE} was changed after the backup was written (its checksum does not match)`]);
  const parsed = ZManifest.safeParse(raw);
  if (!parsed.success) throw refuse([`${MANIFEST_FILE} is not a manifest this portal reads`]);
  const manifest = parsed.data;
  const problems: string[] = manifest.folders
    .filter((folder) => !isSafePartPath(folder))
    .map((folder) => `${folder}: not a path inside the backup`);
  for (const part of manifest.parts) {
    if (!isSafePartPath(part.path)) {
      problems.push(`${part.path}: not a path inside the backup`);
      continue;
    }
    const file = path.join(folder, part.path);
    const stat = existsSync(file) ? lstatSync(file) : null;
    if (!stat?.isFile()) problems.push(`${part.path} is missing`);
    else if (stat.size !== part.size)
      problems.push(`${part.path} has ${stat.size} bytes, the manifest says ${part.size}`);
    else if ((await sha256Of(file)) !== part.sha256)
      problems.push(`${part.path} is not the file that was backed up (its SHA-256 differs)`);
  }
  if (problems.length > 0) throw refuse(problems);
  return manifest;
}
