// Backups that restore: a portal with accounts, a second factor, a family's conversation with a
// picture and an outbox mail is backed up, restored into empty targets and opened again — every table
// has its rows, every file its bytes, and the same password and authenticator app sign in. A backup
// that does not match its manifest, and a target that is not empty, are refused without a change.
import { createHash } from 'node:crypto';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { endpoints, MSG } from '@bridge-talk/contract';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { call, callLoose } from '../../test/api-client.js';
import { createConversationApp, familyWithChannel, signedInEntity } from '../../test/conversations.js';
import {
  adminConnectionString,
  createEmptyDatabase,
  createPersistentTestDatabase,
} from '../../test/databases.js';
import { signedMemberAuthorization } from '../../test/member-chat.js';
import { multipartBody } from '../../test/multipart.js';
import { enrolTotp, totpCodeNow } from '../../test/second-factors.js';
import { createTestApp, TEST_ADMIN } from '../../test/test-app.js';
import { type Config, loadConfig } from '../config/index.js';
import { postgresRelationCount, shippedMigrations } from '../db/backup-database.js';
import { type Database, openDatabase } from '../db/client.js';
import { BACKUP_PARTS, createBackup, PORTAL_RUNNING } from './backup.js';
import { BackupError, filesBelow, MANIFEST_FILE, type Manifest, treeBelow } from './backup-manifest.js';
import { restoreBackup } from './restore.js';

/** What a database migrated by this portal has run. */
const shipped = { count: shippedMigrations().length, last: shippedMigrations().at(-1) };

const folders: string[] = [];
function tempFolder(name: string): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), `bt-backup-${name}-`));
  folders.push(folder);
  return folder;
}
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function configOf(dataDir: string, url?: string): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    ...(url ? { DATABASE_URL: url } : {}),
    LOG_LEVEL: 'silent',
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    OUTBOX_LOG_TEXT: 'false',
    WEB_DIST_DIR: '/nonexistent',
  });
}

/** The embedded database in a folder of its own, from the run's migrated template. */
function openPgliteIn(dataDir: string): Promise<Database> {
  return openDatabase({
    pglite: { dataDir, loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]) },
  });
}

interface Seeded {
  email: string;
  password: string;
  secret: string;
  groupId: string;
  channelId: string;
  messageId: string;
  picture: Buffer;
}

/** What a portal in use holds: accounts, an authenticator app, a conversation with a picture, a mail. */
async function seedPortal(database: Database, dataDir: string): Promise<Seeded> {
  const c = await createConversationApp('local', { DATA_DIR: dataDir }, { database, startWorkers: false });
  try {
    const owner = await signedInEntity(c.t);
    const { secret } = await enrolTotp(c.t.app, { authorization: owner.authorization });
    const family = await familyWithChannel(c, owner.entityId);
    await c.post({ channelId: family.channelId, userId: family.parent.memberId, html: '<p>Hello</p>' });
    const birth = await signedMemberAuthorization(c.t.app, family.birth.memberId);
    const picture = await sharp({ create: { width: 24, height: 16, channels: 3, background: '#3182ce' } })
      .png()
      .toBuffer();
    const upload = multipartBody([{ bytes: picture, fileName: 'lake.png', contentType: 'image/png' }]);
    const uploaded = await callLoose(c.t.app, endpoints.chat.files, {
      params: { channelId: family.channelId },
      payload: upload.payload,
      headers: upload.headers,
      auth: birth,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const posted = await call(c.t.app, endpoints.chat.messages, {
      params: { channelId: family.channelId },
      body: { html: '<p>The lake</p>', attachments: [{ fileId: uploaded.json().id, title: 'Lake' }] },
      auth: birth,
    });
    expect(posted.statusCode, posted.body).toBe(201);
    await c.t.app.ctx.mail.send({ to: 'family@backup.test', subject: 'Kept in the outbox', text: 'Hello' });
    return {
      email: owner.email,
      password: owner.password!,
      secret,
      groupId: family.groupId,
      channelId: family.channelId,
      messageId: posted.json().id,
      picture,
    };
  } finally {
    await c.close();
  }
}

/** Rows of every table of every schema (the portal's, drizzle's, the job queue's). */
async function rowCounts(database: Database): Promise<Record<string, number>> {
  const { rows } = (await database.db.execute(
    sql.raw(`select table_schema || '.' || table_name as name from information_schema.tables
              where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
              order by 1`),
  )) as unknown as { rows: { name: string }[] };
  const counts: Record<string, number> = {};
  for (const { name } of rows) {
    const [schema, table] = name.split('.');
    const result = (await database.db.execute(
      sql.raw(`select count(*)::int as n from "${schema}"."${table}"`),
    )) as unknown as { rows: { n: number }[] };
    counts[name] = result.rows[0]!.n;
  }
  return counts;
}

/** The SHA-256 of every file below a folder, by its path there. */
function hashesBelow(folder: string): Record<string, string> {
  return Object.fromEntries(
    filesBelow(folder).map((file) => [
      file,
      createHash('sha256')
        .update(readFileSync(path.join(folder, file)))
        .digest('hex'),
    ]),
  );
}

/** Permission bits of every file and folder below `folder` (itself included) that are not owner-only. */
function notOwnerOnly(folder: string): string[] {
  const loose: string[] = [];
  if ((statSync(folder).mode & 0o077) !== 0) loose.push('.');
  for (const file of filesBelow(folder)) {
    if ((statSync(path.join(folder, file)).mode & 0o777) !== 0o600) loose.push(file);
    for (let dir = path.dirname(file); dir !== '.'; dir = path.dirname(dir))
      if ((statSync(path.join(folder, dir)).mode & 0o777) !== 0o700) loose.push(`${dir}/`);
  }
  return [...new Set(loose)];
}

/** The restored portal opens: the password and the authenticator app sign in, the picture is the same. */
async function expectSignInAndPicture(database: Database, dataDir: string, seeded: Seeded) {
  const t = await createTestApp({ DATA_DIR: dataDir }, { database, startWorkers: false });
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  try {
    // A code of a later time step than the one that confirmed the app (a code is used once).
    vi.setSystemTime(Date.now() + 60_000);
    const credentials = { email: seeded.email, password: seeded.password, role: 'entity' as const };
    const first = await call(t.app, endpoints.auth.login, { body: credentials });
    expect(first.statusCode, first.body).toBe(428);
    expect(first.json<428>().message).toBe(MSG.secondFactor.codeNeeded);
    const second = await call(t.app, endpoints.auth.loginSecondFactor, {
      body: {
        email: seeded.email,
        role: 'entity',
        state: first.json<428>().state,
        code: await totpCodeNow(seeded.secret),
      },
    });
    expect(second.statusCode, second.body).toBe(200);
    const picture = await call(t.app, endpoints.conversations.attachment, {
      params: {
        groupId: seeded.groupId,
        channelId: seeded.channelId,
        messageId: seeded.messageId,
        index: 0,
      },
      auth: `Bearer ${second.json().accessToken}`,
    });
    expect(picture.statusCode).toBe(200);
    expect(picture.rawPayload.equals(seeded.picture)).toBe(true);
  } finally {
    vi.useRealTimers();
    await t.close();
  }
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BackupError);
  return (error as BackupError).message;
}

describe('on the embedded database (PGlite)', () => {
  const source = { dataDir: '', counts: {} as Record<string, number>, seeded: null as Seeded | null };
  let backup = '';
  let manifest: Manifest;

  beforeAll(async () => {
    source.dataDir = path.join(tempFolder('source'), 'data');
    const database = await openPgliteIn(source.dataDir);
    try {
      source.seeded = await seedPortal(database, source.dataDir);
      source.counts = await rowCounts(database);
      expect(source.counts).toMatchObject({ 'public.chat_files': 1, 'public.second_factors': 1 });
    } finally {
      await database.close();
    }
    backup = path.join(tempFolder('backups'), 'nightly');
    manifest = await createBackup(configOf(source.dataDir), backup);
  });

  it('writes every part owner-only, listed in the manifest with its size and SHA-256', () => {
    expect(notOwnerOnly(backup)).toEqual([]);
    const written = filesBelow(backup).filter((file) => file !== MANIFEST_FILE);
    expect(manifest.parts.map((p) => p.path).sort()).toEqual([...written].sort());
    for (const part of manifest.parts) {
      const bytes = readFileSync(path.join(backup, part.path));
      expect({ size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') }).toEqual({
        size: part.size,
        sha256: part.sha256,
      });
    }
    expect(manifest).toMatchObject({
      format: 'bridge-talk-backup',
      portalVersion: '0.1.0',
      database: { kind: 'pglite', migrations: shipped },
      storage: { provider: 'local', included: true },
    });
    // The picture and its sidecar, the outbox's mail, the key; the lock file is not a part.
    expect(written.filter((f) => f.startsWith(`${BACKUP_PARTS.files}/`))).toHaveLength(2);
    expect(written.filter((f) => f.startsWith(`${BACKUP_PARTS.outbox}/`))).toHaveLength(1);
    expect(written).toContain(BACKUP_PARTS.tokenKey);
    expect(written.filter((f) => f.endsWith('portal.pid'))).toEqual([]);
  });

  it('restores into an empty DATA_DIR: every row, every file, the key; the same sign-in and picture', async () => {
    const dataDir = path.join(tempFolder('restored'), 'data');
    const restored = await restoreBackup(configOf(dataDir), backup);
    expect(restored.checksum).toBe(manifest.checksum);
    expect(notOwnerOnly(dataDir)).toEqual([]);
    // Every folder, the database's empty ones too (PostgreSQL does not open without them).
    expect(treeBelow(dataDir).folders).toEqual(treeBelow(source.dataDir).folders);
    expect(hashesBelow(path.join(dataDir, 'files'))).toEqual(hashesBelow(path.join(source.dataDir, 'files')));
    expect(hashesBelow(path.join(dataDir, 'outbox'))).toEqual(
      hashesBelow(path.join(source.dataDir, 'outbox')),
    );
    expect(readFileSync(path.join(dataDir, 'token.key'), 'utf8')).toBe(
      readFileSync(path.join(source.dataDir, 'token.key'), 'utf8'),
    );
    const database = await openDatabase({ dataDir });
    try {
      expect(await rowCounts(database)).toEqual(source.counts);
      await expectSignInAndPicture(database, dataDir, source.seeded!);
    } finally {
      await database.close();
    }
  });

  it('refuses a backup whose part, or manifest, was changed or lost, and leaves the target empty', async () => {
    const picture = manifest.parts.find((p) => p.path.startsWith('files/') && !p.path.endsWith('.json'))!;
    const mail = manifest.parts.find((p) => p.path.startsWith('outbox/'))!;
    const damages: [string, (folder: string) => void, string][] = [
      [
        'one byte of a part changed',
        (folder) => {
          const file = path.join(folder, picture.path);
          const bytes = readFileSync(file);
          bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 0xff;
          writeFileSync(file, bytes);
        },
        `${picture.path} is not the file that was backed up (its SHA-256 differs)`,
      ],
      ['a part missing', (folder) => unlinkSync(path.join(folder, mail.path)), `${mail.path} is missing`],
      [
        'the manifest edited',
        (folder) => {
          const file = path.join(folder, MANIFEST_FILE);
          writeFileSync(file, readFileSync(file, 'utf8').replace(`"count": ${shipped.count}`, '"count": 1'));
        },
        `${MANIFEST_FILE} was changed after the backup was written (its checksum does not match)`,
      ],
    ];
    for (const [what, damage, problem] of damages) {
      const copy = path.join(tempFolder('damaged'), 'backup');
      cpSync(backup, copy, { recursive: true });
      damage(copy);
      const dataDir = path.join(tempFolder('target'), 'data');
      expect(await refusal(restoreBackup(configOf(dataDir), copy)), what).toBe(
        `The backup in ${copy} does not match its manifest; nothing was restored:\n  - ${problem}`,
      );
      expect(filesBelow(dataDir), what).toEqual([]);
    }
    const unfinished = tempFolder('unfinished');
    expect(await refusal(restoreBackup(configOf(path.join(unfinished, 'data')), unfinished))).toBe(
      `${unfinished} has no ${MANIFEST_FILE}: it is not a backup, or one whose writing never finished; nothing was restored.`,
    );
  });

  it('refuses a DATA_DIR that holds anything, and changes nothing in it', async () => {
    const dataDir = path.join(tempFolder('occupied'), 'data');
    mkdirSync(dataDir);
    writeFileSync(path.join(dataDir, 'notes.txt'), 'mine');
    expect(await refusal(restoreBackup(configOf(dataDir), backup))).toBe(
      `${dataDir} is not empty (it holds notes.txt): restore into an empty folder — a new DATA_DIR and STORAGE_DIR — nothing was restored.`,
    );
    expect(filesBelow(dataDir)).toEqual(['notes.txt']);
  });

  it('refuses to back up while the portal holds DATA_DIR, and writes nothing', async () => {
    const running = await openDatabase({ dataDir: source.dataDir });
    try {
      const target = path.join(tempFolder('refused'), 'nightly');
      expect(await refusal(createBackup(configOf(source.dataDir), target))).toBe(
        `${PORTAL_RUNNING} (${source.dataDir} is held by process ${process.pid}.)`,
      );
      expect(filesBelow(path.dirname(target))).toEqual([]);
    } finally {
      await running.close();
    }
  });
});

describe.skipIf(!adminConnectionString())('on PostgreSQL', () => {
  it('backs up a live database with pg_dump and restores it with pg_restore into an empty one', async () => {
    const source = await createPersistentTestDatabase({
      pglite: inject('pgliteTemplate'),
      postgres: inject('postgresTemplate'),
    });
    const target = await createEmptyDatabase();
    try {
      const sourceDir = tempFolder('pg-source');
      const live = await source.open();
      let counts: Record<string, number>;
      let seeded: Seeded;
      const backup = path.join(tempFolder('pg-backups'), 'nightly');
      try {
        seeded = await seedPortal(live, sourceDir);
        counts = await rowCounts(live);
        // The portal's database stays open: pg_dump's snapshot does not wait for it.
        const manifest = await createBackup(configOf(sourceDir, source.url!), backup);
        expect(manifest.database).toEqual({
          kind: 'postgres',
          migrations: shipped,
        });
        expect(manifest.parts.map((p) => p.path)).toContain(BACKUP_PARTS.postgresDump);
      } finally {
        await live.close();
      }
      const dataDir = path.join(tempFolder('pg-restored'), 'data');
      await restoreBackup(configOf(dataDir, target.url), backup);
      expect(hashesBelow(path.join(dataDir, 'files'))).toEqual(hashesBelow(path.join(sourceDir, 'files')));
      expect(readFileSync(path.join(dataDir, 'token.key'), 'utf8')).toBe(
        readFileSync(path.join(sourceDir, 'token.key'), 'utf8'),
      );
      const restored = await openDatabase({ url: target.url, poolMax: 3 });
      try {
        expect(await rowCounts(restored)).toEqual(counts);
        await expectSignInAndPicture(restored, dataDir, seeded);
      } finally {
        await restored.close();
      }
      // The target is no longer empty: a second restore into it is refused.
      const relations = await postgresRelationCount(target.url);
      expect(await refusal(restoreBackup(configOf(tempFolder('pg-again'), target.url), backup))).toBe(
        `The database of DATABASE_URL is not empty (${relations} tables, views or sequences): restore into a new, empty database (createdb); nothing was restored.`,
      );
    } finally {
      await target.drop();
      await source.drop();
    }
  });
});
