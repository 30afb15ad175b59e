// The outbox as a person running the portal locally reads it: the .eml files under DATA_DIR/outbox.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';
import { eventually } from './test-app.js';

/** Waits for the .eml file of a message to `to` whose subject matches; answers it parsed, and its path. */
export async function waitForEml(
  outboxDir: string,
  to: string,
  subject: RegExp,
): Promise<{ file: string; mail: ParsedMail }> {
  return eventually(async () => {
    const names = await readdir(outboxDir).catch(() => [] as string[]);
    // Newest first: the file names begin with the time they were written.
    for (const name of names
      .filter((n) => n.endsWith('.eml'))
      .sort()
      .reverse()) {
      const file = path.join(outboxDir, name);
      const mail = await simpleParser(await readFile(file));
      const recipients = (Array.isArray(mail.to) ? mail.to : [mail.to]).flatMap(
        (a) => a?.value.map((v) => v.address) ?? [],
      );
      if (recipients.includes(to.toLowerCase()) && subject.test(mail.subject ?? '')) return { file, mail };
    }
    return null;
  }, 30_000);
}
