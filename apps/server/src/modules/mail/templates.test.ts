// The e-mails' html: the same text escaped, with every web address a link a mail client can open.
import { describe, expect, it } from 'vitest';
import { compose, invitationMail } from './templates.js';

describe('compose', () => {
  it('makes every web address of the html a link, without the punctuation that ends its sentence', () => {
    const mail = compose('a@example.org', 'Subject', [
      'Open https://portal.example.org/login/entity, enter your e-mail.',
      'Check it at http://localhost:3000/verify/abc?x=1&y=2.',
    ]);
    expect(mail.html).toContain(
      'Open <a href="https://portal.example.org/login/entity">https://portal.example.org/login/entity</a>, enter',
    );
    expect(mail.html).toContain(
      '<a href="http://localhost:3000/verify/abc?x=1&#38;y=2">http://localhost:3000/verify/abc?x=1&#38;y=2</a>.',
    );
    expect(mail.text).toContain('Open https://portal.example.org/login/entity, enter your e-mail.');
  });

  it('escapes what a person typed, so a name cannot add a link or markup', () => {
    const mail = compose('a@example.org', 'Subject', ['Hello <a href="https://evil.test">Eve</a>,']);
    expect(mail.html).toContain(
      'Hello &#60;a href=&#34;<a href="https://evil.test">https://evil.test</a>&#34;&#62;Eve&#60;/a&#62;,',
    );
  });
});

describe('invitationMail', () => {
  it('says a password of at least 6 characters opens the first sign-in, and links the login page', () => {
    const mail = invitationMail({
      to: 'new@example.org',
      name: 'Nia New',
      role: 'entity',
      code: 'ABC234',
      loginUrl: 'http://localhost:3000/login/entity',
    });
    expect(mail.text).toContain('any password of at least 6 characters');
    expect(mail.text).not.toContain('with any password,');
    expect(mail.html).toContain('<a href="http://localhost:3000/login/entity">');
  });
});
