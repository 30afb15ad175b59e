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
});
