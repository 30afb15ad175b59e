import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './index.js';

describe('loadConfig', () => {
  it('runs with no variables at all: embedded database, outbox mail, port 3000', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database.url).toBeUndefined();
    expect(config.database.dataDir).toMatch(/\/data$/);
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.auth.accessTokenTtlSeconds).toBe(900);
    expect(config.auth.refreshTokenTtlDays).toBe(30);
  });

  it('reads the production choices', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u:p@db.internal:5432/portal',
      SMTP_URL: 'smtp://mail.internal:2525',
      MAIL_FROM: 'Portal <portal@example.org>',
      ADMIN_EMAIL: 'Boss@Example.org',
    });
    expect(config.port).toBe(8080);
    expect(config.database.url).toBe('postgres://u:p@db.internal:5432/portal');
    expect(config.mail.smtpUrl).toBe('smtp://mail.internal:2525');
    expect(config.bootstrapAdmin.email).toBe('boss@example.org');
  });

  it('holds ADMIN_PASSWORD to the portal’s password rules at the first start', () => {
    expect(() => loadConfig({ ADMIN_PASSWORD: 'longbutweak' })).toThrow(
      'ADMIN_PASSWORD: must have at least 8 characters, an uppercase and a lowercase letter and a digit',
    );
    expect(loadConfig({ ADMIN_PASSWORD: 'Strong-Pass-1' }).bootstrapAdmin.password).toBe('Strong-Pass-1');
  });

  it('refuses a wrong value with a message naming each variable at fault', () => {
    const attempt = () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
      expect(message).toContain('JWT_SECRET: must be at least 32 characters');
    }
  });

  it('prints outbox mail bodies (codes) by default only in development; an explicit value wins', () => {
    expect(loadConfig({}).mail.outboxLogText).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).mail.outboxLogText).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).mail.outboxLogText).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).mail.outboxLogText).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', OUTBOX_LOG_TEXT: '' }).mail.outboxLogText).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', OUTBOX_LOG_TEXT: 'true' }).mail.outboxLogText).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', OUTBOX_LOG_TEXT: 'false' }).mail.outboxLogText).toBe(false);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: '' }).database.url).toBeUndefined();
  });

  it('trusts a number of proxies or their addresses, never every hop', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 192.168.0.0/16, ::1' }).trustProxy).toEqual([
      '10.0.0.5',
      '192.168.0.0/16',
      '::1',
    ]);
    for (const wrong of ['everyone', '11', '10.0.0.300', '10.0.0.0/33', 'true,false']) {
      expect(() => loadConfig({ TRUST_PROXY: wrong }), wrong).toThrow(
        /TRUST_PROXY: must be false, a number of proxies/,
      );
    }
  });

  it('runs the job workers in the API process unless JOB_WORKERS=false, which needs PostgreSQL', () => {
    const postgres = { DATABASE_URL: 'postgres://u@db.internal:5432/portal' };
    expect(loadConfig({}).jobs.workers).toBe(true);
    expect(loadConfig({ ...postgres, JOB_WORKERS: '' }).jobs.workers).toBe(true);
    expect(loadConfig({ ...postgres, JOB_WORKERS: 'true' }).jobs.workers).toBe(true);
    expect(loadConfig({ ...postgres, JOB_WORKERS: 'false' }).jobs.workers).toBe(false);
    expect(loadConfig({ ...postgres, JOB_WORKERS: '0' }).jobs.workers).toBe(false);
    expect(() => loadConfig({ ...postgres, JOB_WORKERS: 'never' })).toThrow(/JOB_WORKERS/);
    // On the embedded database no worker process can open the data: the jobs would never run.
    expect(() => loadConfig({ JOB_WORKERS: 'false' })).toThrow(/JOB_WORKERS: false needs DATABASE_URL/);
  });

  it('keeps member files in DATA_DIR/files by default, or in STORAGE_DIR', () => {
    const defaults = loadConfig({}).storage;
    expect(defaults.provider).toBe('local');
    expect(defaults.dir).toBe(path.resolve('./data/files'));
    expect(loadConfig({ DATA_DIR: '/srv/bt' }).storage.dir).toBe('/srv/bt/files');
    expect(loadConfig({ DATA_DIR: '/srv/bt', STORAGE_DIR: '/mnt/files' }).storage.dir).toBe('/mnt/files');
    expect(loadConfig({ STORAGE_DIR: 'uploads' }).storage.dir).toBe(path.resolve('uploads'));
  });

  it('reads an S3 bucket: path-style by default only with an endpoint of its own', () => {
    const aws = loadConfig({ STORAGE_PROVIDER: 's3', S3_BUCKET: 'bt-files' }).storage;
    expect(aws.provider).toBe('s3');
    expect(aws.s3).toEqual({
      bucket: 'bt-files',
      endpoint: undefined,
      region: 'us-east-1',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
    });
    const minio = loadConfig({
      STORAGE_PROVIDER: 's3',
      S3_BUCKET: 'bt-files',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'eu-west-3',
      S3_ACCESS_KEY_ID: 'minio',
      S3_SECRET_ACCESS_KEY: 'minio-secret',
    }).storage.s3;
    expect(minio).toEqual({
      bucket: 'bt-files',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-3',
      accessKeyId: 'minio',
      secretAccessKey: 'minio-secret',
      forcePathStyle: true,
    });
    const base = { STORAGE_PROVIDER: 's3', S3_BUCKET: 'b' };
    const endpoint = 'https://s3.example.org';
    expect(
      loadConfig({ ...base, S3_ENDPOINT: endpoint, S3_FORCE_PATH_STYLE: 'false' }).storage.s3.forcePathStyle,
    ).toBe(false);
    expect(loadConfig({ ...base, S3_FORCE_PATH_STYLE: 'true' }).storage.s3.forcePathStyle).toBe(true);
  });

  it('refuses STORAGE_PROVIDER=s3 without a bucket, one S3 key without the other, and a non-HTTP endpoint', () => {
    expect(() => loadConfig({ STORAGE_PROVIDER: 's3' })).toThrow(
      /S3_BUCKET: required when STORAGE_PROVIDER=s3/,
    );
    expect(() => loadConfig({ STORAGE_PROVIDER: 'local', S3_ACCESS_KEY_ID: 'id' })).toThrow(
      /S3_SECRET_ACCESS_KEY: required with S3_ACCESS_KEY_ID/,
    );
    expect(() => loadConfig({ STORAGE_PROVIDER: 's3', S3_BUCKET: 'b', S3_SECRET_ACCESS_KEY: 's' })).toThrow(
      /S3_ACCESS_KEY_ID: required with S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ S3_ENDPOINT: 'ftp://files.example.org' })).toThrow(
      /S3_ENDPOINT: must be an http:\/\/ or https:\/\/ URL/,
    );
    expect(() => loadConfig({ STORAGE_PROVIDER: 'disk' })).toThrow(/STORAGE_PROVIDER/);
    expect(() => loadConfig({ S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(/S3_FORCE_PATH_STYLE/);
  });

  it('serves no metrics by default; reads a metrics token, port and host, and refuses wrong ones', () => {
    expect(loadConfig({}).metrics).toEqual({ token: undefined, port: undefined, host: '127.0.0.1' });
    const token = 'a-metrics-token-of-24-chars';
    expect(
      loadConfig({ METRICS_TOKEN: token, METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).metrics,
    ).toEqual({ token, port: 9464, host: '10.0.0.5' });
    expect(() => loadConfig({ METRICS_TOKEN: 'too-short' })).toThrow(
      /METRICS_TOKEN: must be 24 to 200 printable characters without spaces/,
    );
    expect(() => loadConfig({ METRICS_TOKEN: 'twenty four chars with spaces' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ METRICS_PORT: '3000' })).toThrow(/METRICS_PORT: must differ from PORT/);
    expect(() => loadConfig({ METRICS_HOST: 'metrics.example.org' })).toThrow(
      /METRICS_HOST: must be an IP address or localhost/,
    );
  });
});
