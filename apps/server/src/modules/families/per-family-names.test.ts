// A person in families of two entities, named differently by each: every view and export of one
// entity shows the name that entity gave, whatever the other does (links the person, saves its family,
// lets the person go), on both chat providers. Nothing in one entity's views tells it of the other.
import { endpoints } from '@bridge-talk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callLoose, withKey } from '../../../test/api-client.js';
import {
  type ChatKind,
  type ConversationApp,
  createConversationApp,
  signedInEntity,
} from '../../../test/conversations.js';
import { createFamily } from '../../../test/factories.js';
import { extractPdfText } from '../../../test/pdf-text.js';
import { type SmtpCapture, startSmtpCapture, waitForMessage } from '../../../test/smtp-capture.js';

type Entity = Awaited<ReturnType<typeof signedInEntity>>;

const A_NAME = 'Beatrice Ash';
const B_NAME = 'SET BY ENTITY B';

let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
});
afterAll(() => smtp.close());

const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 10)}@family.test`;

describe.each<ChatKind>(['local', 'stream'])(
  'one person named by two entities (%s chat provider)',
  (kind) => {
    let c: ConversationApp;
    let a: Entity;
    let b: Entity;
    const beatrice = unique('beatrice');
    /** Each entity's family: its id, its adoptive parent and its channel with beatrice. */
    const families: Record<'a' | 'b', { groupId: string; parentId: string; channelId: string }> = {
      a: { groupId: '', parentId: '', channelId: '' },
      b: { groupId: '', parentId: '', channelId: '' },
    };
    let beatriceId = '';

    async function sync(entity: Entity, groupId: string, results: { userId: string; userType: string }[]) {
      const synced = await callLoose(c.t.app, endpoints.families.syncUsers, {
        auth: entity,
        body: { groupId, results },
      });
      expect(synced.statusCode, synced.body).toBe(200);
    }

    /** A family of the entity with an adoptive parent and beatrice under the name it gives her, synced. */
    async function familyWithBeatrice(entity: Entity, name: string, parentName: string) {
      const { groupId } = await createFamily(c.t.db(), {
        entityId: entity.entityId,
        name: `${parentName} family`,
      });
      const create = async (person: string, email: string, subtype: string) => {
        const created = await callLoose(c.t.app, endpoints.families.createUser, {
          auth: entity,
          body: {
            groupId,
            name: person,
            email,
            subtype,
          },
        });
        expect(created.statusCode, created.body).toBe(201);
        return created.json()._id as string;
      };
      const parentId = await create(parentName, unique('parent'), 'adoptive_parent');
      const birthId = await create(name, beatrice, 'birth_family');
      await sync(entity, groupId, [
        { userId: parentId, userType: 'adoptive_parent' },
        { userId: birthId, userType: 'birth_family' },
      ]);
      const channels = await call(c.t.app, endpoints.conversations.list, {
        params: { groupId },
        auth: entity,
      });
      const [channel] = withKey(channels.json(), 'channels').channels;
      return { groupId, parentId, birthId, channelId: channel!.id };
    }

    /** The entity saves its family without changing anything a person sees (a member toggled on). */
    async function noOpSave(entity: Entity, groupId: string, userId: string) {
      const saved = await call(c.t.app, endpoints.families.memberStatus, {
        params: { groupId, userId },
        auth: entity,
        body: {
          active: true,
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }

    /** Beatrice and the parent write, each reports the other's message; the portal hears of both. */
    async function talk(family: { channelId: string; parentId: string }, word: string) {
      const hers = await c.post({
        channelId: family.channelId,
        userId: beatriceId,
        html: `<p>${word} from her</p>`,
      });
      const theirs = await c.post({
        channelId: family.channelId,
        userId: family.parentId,
        html: `<p>${word} from the parent</p>`,
      });
      await c.flag({ messageId: hers, userId: family.parentId, reason: 'check' });
      await c.flag({ messageId: theirs, userId: beatriceId, reason: 'check' });
    }

    /** Everything the entity sees of the channel: its members, history, search, reports and transcript. */
    async function everythingSeen(
      entity: Entity,
      family: { groupId: string; channelId: string },
      word: string,
    ) {
      const { groupId, channelId } = family;
      const members = await call(c.t.app, endpoints.conversations.list, {
        params: { groupId },
        auth: entity,
      });
      const history = await call(c.t.app, endpoints.conversations.list, {
        params: { groupId },
        query: { channelId },
        auth: entity,
      });
      const search = await call(c.t.app, endpoints.conversations.search, {
        params: { groupId, channelId },
        query: { q: word },
        auth: entity,
      });
      const reports = await call(c.t.app, endpoints.reports.list, { query: { groupId }, auth: entity });
      for (const answer of [members, history, search, reports])
        expect(answer.statusCode, answer.body).toBe(200);
      const email = unique('records');
      const exported = await call(c.t.app, endpoints.conversations.exportRequest, {
        params: { channelId },
        auth: entity,
        body: {
          email,
        },
      });
      expect(exported.statusCode, exported.body).toBe(200);
      const mail = await waitForMessage(smtp, email, /Conversation export/, 30_000);
      const pdf = extractPdfText(mail.attachments[0]!.content).join('\n');
      return {
        members: withKey(members.json(), 'channels').channels,
        history: withKey(history.json(), 'messages').messages,
        hits: search.json().hits,
        reports: reports.json().reports,
        pdf,
        all: [members.body, history.body, search.body, reports.body, pdf].join('\n'),
      };
    }

    function expectNamed(seen: Awaited<ReturnType<typeof everythingSeen>>, own: string, foreign: string) {
      const hers = seen.history.filter((m) => m.user.id === beatriceId);
      expect(hers.map((m) => m.user.name)).toEqual([own]);
      const parents = seen.history.filter((m) => m.user.id !== beatriceId);
      expect(parents.flatMap((m) => m.flaggedMessages.flags.map((f) => f.user.name))).toEqual([own]);
      expect(seen.hits.filter((h) => h.user.id === beatriceId).map((h) => h.user.name)).toEqual([own]);
      expect(seen.reports.map((r) => r.reportedBy)).toContain(own);
      expect(seen.reports.map((r) => r.author)).toContain(own);
      expect(seen.pdf).toContain(own);
      expect(seen.all).not.toContain(foreign);
    }

    beforeAll(async () => {
      c = await createConversationApp(kind, { SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.example.org' });
      a = await signedInEntity(c.t);
      b = await signedInEntity(c.t);
      const ofA = await familyWithBeatrice(a, A_NAME, 'Pat Ash');
      families.a = ofA;
      beatriceId = ofA.birthId;
    }, 60_000);
    afterAll(() => c.close());

    it("after the other entity links the person under its own name, the first entity's views and transcript still show its name", async () => {
      const ofB = await familyWithBeatrice(b, B_NAME, 'Quinn Birch');
      // One person, linked by the e-mail.
      expect(ofB.birthId).toBe(beatriceId);
      families.b = ofB;
      await talk(families.a, 'lighthouse');

      const seen = await everythingSeen(a, families.a, 'lighthouse');
      expect(seen.members[0]!.members.find((m) => m.user_id === beatriceId)?.name).toBe(A_NAME);
      expectNamed(seen, A_NAME, B_NAME);
    });

    it("after the first entity saves its family, the other entity's views and transcript still show the other's name", async () => {
      await noOpSave(a, families.a.groupId, beatriceId);
      await talk(families.b, 'harbour');

      const seen = await everythingSeen(b, families.b, 'harbour');
      expect(seen.members[0]!.members.find((m) => m.user_id === beatriceId)?.name).toBe(B_NAME);
      expectNamed(seen, B_NAME, A_NAME);
    });

    it('a member who left a family keeps, in its history, the name that family gave, whatever the other entity saves', async () => {
      const { groupId } = families.b;
      const other = await call(c.t.app, endpoints.families.createUser, {
        auth: b,
        body: {
          groupId,
          name: 'Bo Birch',
          email: unique('bo'),
          subtype: 'birth_family',
        },
      });
      expect(other.statusCode, other.body).toBe(201);
      await sync(b, groupId, [
        { userId: families.b.parentId, userType: 'adoptive_parent' },
        { userId: other.json()._id, userType: 'birth_family' },
      ]);
      await noOpSave(a, families.a.groupId, beatriceId);

      const seen = await everythingSeen(b, families.b, 'harbour');
      // Her channel (the family's first) keeps its history without her.
      expect(seen.members[0]!.members.map((m) => m.user_id)).not.toContain(beatriceId);
      expect(seen.history.some((m) => m.user.id === beatriceId)).toBe(true);
      expectNamed(seen, B_NAME, A_NAME);
    });
  },
);
