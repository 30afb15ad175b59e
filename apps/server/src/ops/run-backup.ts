// `npm run backup -- <folder>` and `npm run restore -- <folder>` (scripts/backup.mjs, restore.mjs):
// the configuration as `npm start` reads it, the command, and one line on what was done — or the
// refusal's message and exit code 1.
import type { Config } from '../config/index.js';
import { DatabaseToolError } from '../db/backup-database.js';
import { loadConfigOrExit } from '../lifecycle.js';
import { createBackup } from './backup.js';
import { BackupError, type Manifest } from './backup-manifest.js';
import { restoreBackup } from './restore.js';

function describe(manifest: Manifest): string {
  const count = (prefix: string) => manifest.parts.filter((p) => p.path.startsWith(`${prefix}/`)).length;
  const bytes = manifest.parts.reduce((sum, p) => sum + p.size, 0);
  const { kind, migrations } = manifest.database;
  return (
    `database: ${kind === 'pglite' ? 'embedded (PGlite)' : 'PostgreSQL'}, ${migrations.count} migrations (last ${migrations.last}); ` +
    `stored files: ${manifest.storage.included ? count('files') : `in the ${manifest.storage.provider} bucket, not in the backup`}; ` +
    `outbox: ${count('outbox')} files; token key: ${manifest.parts.some((p) => p.path === 'token.key') ? 'included' : 'not included'}; ` +
    `${(bytes / 1024 / 1024).toFixed(1)} MB`
  );
}

/** What the person running the command should know that the summary does not say. */
function notes(config: Config, manifest: Manifest): string[] {
  const found: string[] = [];
  if (config.auth.jwtSecret)
    found.push(
      'JWT_SECRET is set: the key is in the environment, not in the backup. Keep it with the backup.',
    );
  if (!manifest.storage.included)
    found.push(
      'STORAGE_PROVIDER=s3: the stored files stay in the bucket; back the bucket up on its own (versioning, replication).',
    );
  return found;
}

async function run(
  command: (config: Config, folder: string) => Promise<Manifest>,
  verb: string,
  args: string[],
) {
  if (args.length !== 1 || !args[0]) {
    console.error(`Usage: npm run ${verb} -- <folder>`);
    process.exit(2);
  }
  // Neither command makes the portal's folders: a backup reads them, a restore refuses them unless empty.
  const config = loadConfigOrExit({ makeFolders: false });
  try {
    const manifest = await command(config, args[0]);
    console.info(
      `${verb === 'backup' ? 'Backed up into' : 'Restored from'} ${args[0]}: ${describe(manifest)}`,
    );
    for (const note of notes(config, manifest)) console.warn(note);
  } catch (error) {
    if (error instanceof BackupError || error instanceof DatabaseToolError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

export function runBackup(args: string[]): Promise<void> {
  return run(createBackup, 'backup', args);
}

export function runRestore(args: string[]): Promise<void> {
  return run(restoreBackup, 'restore', args);
}
