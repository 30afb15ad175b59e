// Data at scale for benchmarks and manual checks (`npm run seed:scale`): 1 000 entities with their
// sign-in people, families with child names, payment details and plans, four people per family (child,
// two adoptive parents, a birth parent), a channel per family in the local chat provider's tables,
// messages, a few reports and the activity of each family and entity. One entity, the bench agency,
// holds a tenth of the families and the long channel the bench pages through (10 000 messages unless
// asked otherwise); it and one admin sign in with a known password.
//
// Every table is filled by one INSERT … SELECT over generate_series: the rows are made inside the
// database, never in this process. Ids are derived from the row number (md5, shaped as a version 4
// UUID), so one statement can refer to the rows another made without reading them back.
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { hashPassword } from '../../lib/passwords.js';

const SCALE_PASSWORD_DEFAULT = 'Scale-Pass-1';
const BENCH_ENTITY_EMAIL = 'bench.agency@scale.bridgetalk.local';
const SCALE_ADMIN_EMAIL = 'scale.admin@scale.bridgetalk.local';
const BENCH_CHANNEL_MESSAGES = 10_000;
/** One message in RARE_EVERY says it: the message search's rare word, beside the common 'sunflower'. */
const RARE_WORD = 'kayak';
const RARE_LINE = 'We rented a kayak at the lake and nobody fell in.';
const RARE_EVERY = 9973;
/** The bench family's conversation openings in its activity: pages of it to read. */
const BENCH_FAMILY_VIEWS = 1000;

export interface ScaleOptions {
  families: number;
  messages: number;
  entities?: number;
  /** The bench family's channel: this many of the messages (10 000 by default). */
  channelMessages?: number;
  password?: string;
}

export interface ScaleSummary {
  alreadySeeded: boolean;
  counts: Record<string, number>;
  logins: { role: 'admin' | 'entity'; email: string; password: string }[];
  bench: {
    entityId: string;
    groupId: string;
    channelId: string;
    channelMessages: number;
    childName: string;
    memberEmail: string;
    /** A message nine tenths of the way back in the bench channel: a reader's jump deep into it. */
    deepMessageId: string;
    /** A word of one message in RARE_EVERY (the common one is 'sunflower', one in ten). */
    rareWord: string;
  };
  /** Milliseconds per step, in order. */
  steps: [string, number][];
  totalMs: number;
}

const FIRST_NAMES =
  'Robin Lily Noah Emma Liam Olivia Mason Ava Ethan Sophia Lucas Mia Logan Harper Elijah Amelia James Evelyn Aiden Abigail Caleb Ella Owen Scarlett Wyatt Grace Julian Chloe Levi Zoey Isaac Nora Gabriel Hazel Mateo Aurora Jack Violet Henry Stella Leo Lucy Ezra Ruby Miles Ivy Theo Alice Felix Clara Jasper Iris Silas Maya Rowan Eliza Declan Naomi Arlo Willow Hugo'.split(
    ' ',
  );
const LAST_NAMES =
  'Smith Chen Brooks Garcia Johnson Williams Brown Jones Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Gomez Phillips Evans Turner Diaz Parker Cruz Edwards Collins Reyes Stewart Morris Morales Murphy Cook Rogers Gutierrez Ortiz Morgan Cooper Peterson Bailey Reed Kelly Howard Ramos Kim Cox Ward Richardson Watson'.split(
    ' ',
  );
const LINES = [
  'Good morning! We went to the lake this weekend and thought of you.',
  'Thank you for the pictures, they made my whole week.',
  'School started today; the new backpack was a big hit.',
  'Would a video call on Sunday afternoon work for you?',
  'We planted the sunflower seeds you sent. Two are already up!',
  'Happy birthday! I hope the cake was as good as last year.',
  'The drawing is on our fridge now, right in the middle.',
  'Swimming lessons are going well; no more floaties.',
  'I finished the photo album, I will post it this week.',
  'Sending a hug from all of us. Talk soon.',
];
const CITIES = 'Portland Seattle Denver Austin Boston Chicago Phoenix Atlanta'.split(' ');

/** The rows of a raw query: both drivers answer `{ rows }`. */
async function query<T>(db: Db, statement: SQL): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

const list = (values: string[]) => sql.raw(`array[${values.map((v) => `'${v}'`).join(',')}]::text[]`);
const pick = (values: string[], index: SQL) =>
  sql`(${list(values)})[1 + ((${index}) % ${sql.raw(String(values.length))})]`;

/** A deterministic version 4 UUID for row `n` of `kind`. */
function uid(kind: string, n: SQL): SQL {
  return sql`overlay(overlay(md5(${sql.raw(`'${kind}:'`)} || (${n})::text) placing '4' from 13) placing '8' from 17)::uuid`;
}

const firstName = (n: SQL) => pick(FIRST_NAMES, n);
const lastName = (n: SQL) => pick(LAST_NAMES, sql`((${n}) / ${FIRST_NAMES.length})`);

/** Family f's people: k = 0 child, 1 and 2 adoptive parents, 3 birth parent. Member number f*4+k. */
const memberId = (f: SQL, k: number) => uid('member', sql`(${f}) * 4 + ${sql.raw(String(k))}`);

export async function seedScale(db: Db, options: ScaleOptions): Promise<ScaleSummary> {
  const started = Date.now();
  const F = Math.max(1, Math.floor(options.families));
  const M = Math.max(0, Math.floor(options.messages));
  const E = Math.max(2, Math.floor(options.entities ?? 1000));
  const password = options.password ?? SCALE_PASSWORD_DEFAULT;
  /** The bench agency's share of the families. */
  const benchFamilies = Math.max(1, Math.floor(F / 10));
  const benchMessages = Math.min(
    Math.max(1, Math.floor(options.channelMessages ?? BENCH_CHANNEL_MESSAGES)),
    M,
  );
  const lit = (n: number) => sql.raw(String(n));
  const steps: [string, number][] = [];

  const bench = {
    entityId: '',
    groupId: '',
    channelId: '',
    channelMessages: benchMessages,
    childName: '',
    memberEmail: '',
    deepMessageId: '',
    rareWord: RARE_WORD,
  };
  const [ids] = await query<{
    entity: string;
    grp: string;
    channel: string;
    child: string;
    email: string;
    deep: string;
  }>(
    db,
    sql`select ${uid('entity', sql`1`)}::text as entity, ${uid('group', sql`1`)}::text as grp,
        ${uid('channel', sql`1`)}::text as channel, ${firstName(sql`1`)} || ' ' || ${lastName(sql`1`)} as child,
        lower(${firstName(sql`7`)} || '.' || ${lastName(sql`7`)} || '.m7@family.scale.test') as email,
        ${uid('message', lit(Math.max(1, Math.floor(benchMessages * 0.9))))}::text as deep`,
  );
  Object.assign(bench, {
    entityId: ids!.entity,
    groupId: ids!.grp,
    channelId: ids!.channel,
    childName: ids!.child,
    memberEmail: ids!.email,
    deepMessageId: ids!.deep,
  });
  const logins = [
    { role: 'admin' as const, email: SCALE_ADMIN_EMAIL, password },
    { role: 'entity' as const, email: BENCH_ENTITY_EMAIL, password },
  ];

  const [existing] = await query<{ n: number }>(
    db,
    sql`select count(*)::int as n from entities where lower(email) = ${BENCH_ENTITY_EMAIL}`,
  );
  if ((existing?.n ?? 0) > 0) {
    return {
      alreadySeeded: true,
      counts: await countRows(db),
      logins,
      bench,
      steps,
      totalMs: Date.now() - started,
    };
  }

  const hash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const step = async (name: string, statement: SQL) => {
      const t = Date.now();
      await tx.execute(statement);
      steps.push([name, Date.now() - t]);
    };
    // A bulk load: the secondary indexes of the filled tables are built once at the end instead of row
    // by row, and (as a superuser) the foreign keys, right by construction, are not checked per row.
    const [role] = await query<{ superuser: boolean }>(
      tx as unknown as Db,
      sql`select rolsuper as superuser from pg_roles where rolname = current_user`,
    );
    if (role?.superuser) await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`set local maintenance_work_mem = '128MB'`);
    const indexes = await query<{ name: string; definition: string }>(
      tx as unknown as Db,
      sql`select i.indexname as name, i.indexdef as definition from pg_indexes i
        where i.schemaname = current_schema() and i.tablename in (${sql.join(
          FILLED.map((table) => sql`${table}`),
          sql`, `,
        )})
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    );
    for (const index of indexes) await tx.execute(sql`drop index ${sql.identifier(index.name)}`);
    // The families' search text and the entities' counts are computed once, in bulk, after the
    // load (below), not row by row.
    for (const [table, trigger] of BULK_TRIGGERS) {
      await tx.execute(sql`alter table ${sql.identifier(table)} disable trigger ${sql.identifier(trigger)}`);
    }
    const n = sql.raw('n');
    /** Family number → its entity: the first tenth belong to the bench agency, the rest round-robin. */
    const entityOf = (f: SQL) =>
      uid(
        'entity',
        sql`case when (${f}) <= ${lit(benchFamilies)} then 1 else 2 + (${f}) % ${lit(E - 1)} end`,
      );

    await step(
      'entities',
      sql`insert into entities (id, name, email, phone, address, subtype, status, start_contract, end_contract, created_at, updated_at)
        select ${uid('entity', n)},
          case when n = 1 then 'Bench Adoption Agency'
            else ${pick(CITIES, n)} || ' ' || ${lastName(n)} || case when n % 3 = 0 then ' Family Law ' else ' Adoptions ' end || n end,
          case when n = 1 then ${BENCH_ENTITY_EMAIL} else 'office' || n || '@entity' || n || '.scale.test' end,
          '(555) ' || lpad((n % 1000)::text, 3, '0') || '-' || lpad((n % 10000)::text, 4, '0'),
          n || ' Harbor Street, ' || ${pick(CITIES, n)},
          case when n % 3 = 0 then 'lawyer' else 'agency' end,
          case when n = 1 then 'active' when n % 50 = 0 then 'pending' when n % 40 = 0 then 'disabled' else 'active' end,
          '2025-01-01', '2027-12-31',
          now() - n * interval '1 hour', now() - n * interval '1 hour'
        from generate_series(1, ${lit(E)}) as n`,
    );
    await step(
      'entity users',
      sql`insert into users (email, first_name, last_name, role, subtype, entity_id, password_hash, status)
        select e.email, ${firstName(sql`s.n + 3`)}, ${lastName(sql`s.n + 3`)}, 'entity', e.subtype, e.id,
          case when e.status = 'pending' then null else ${hash} end, e.status
        from generate_series(1, ${lit(E)}) as s(n) join entities e on e.id = ${uid('entity', sql`s.n`)}`,
    );
    await step(
      'admin',
      sql`insert into users (email, first_name, last_name, role, subtype, password_hash)
        values (${SCALE_ADMIN_EMAIL}, 'Scale', 'Admin', 'admin', 'admin', ${hash})
        on conflict do nothing`,
    );
    await step(
      'plans',
      sql`insert into payment_plans (id, name, type, unit_amount)
        values ('price_scale_monthly', 'Monthly', 'recurring', 1999), ('price_scale_lifetime', 'Lifetime', 'one_time', 19900)
        on conflict do nothing`,
    );
    await step(
      'families',
      sql`insert into groups (id, entity_id, name, child_first_name, child_last_name, active, created_at, updated_at)
        select ${uid('group', n)}, ${entityOf(n)},
          ${firstName(n)} || ' ' || ${lastName(n)}, ${firstName(n)}, ${lastName(n)}, n % 17 <> 0,
          now() - n * interval '5 minutes', now() - n * interval '5 minutes'
        from generate_series(1, ${lit(F)}) as n`,
    );
    // The first adoptive parent (member f*4+1, the family's last name) pays.
    const parentName = (f: SQL) => sql`${firstName(sql`(${f}) * 4 + 1`)} || ' ' || ${lastName(f)}`;
    const parentEmail = (f: SQL) =>
      sql`lower(${firstName(sql`(${f}) * 4 + 1`)} || '.' || ${lastName(f)} || '.m' || ((${f}) * 4 + 1) || '@family.scale.test')`;
    await step(
      'payment customers',
      sql`insert into payment_customers (id, email, name)
        select 'cus_scale_' || n, ${parentEmail(n)}, ${parentName(n)}
        from generate_series(1, ${lit(F)}) as n`,
    );
    await step(
      'payment methods',
      sql`insert into payment_methods (id, customer_id, brand, last4, exp_month, exp_year)
        select 'pm_scale_' || n, 'cus_scale_' || n, 'visa', '4242', 1 + n % 12, 2030
        from generate_series(1, ${lit(F)}) as n`,
    );
    await step(
      'payment details',
      sql`insert into billing_information (group_id, card_name, address, city, state, zip, email, phone,
          card_brand, card_last4, card_exp_month, card_exp_year, provider_customer_id, provider_payment_method_id)
        select ${uid('group', n)}, ${parentName(n)},
          n || ' Orchard Lane', ${pick(CITIES, n)}, 'OR', lpad((97000 + n % 1000)::text, 5, '0'),
          ${parentEmail(n)}, '(555) 010-' || lpad((n % 10000)::text, 4, '0'),
          'visa', '4242', 1 + n % 12, 2030, 'cus_scale_' || n, 'pm_scale_' || n
        from generate_series(1, ${lit(F)}) as n`,
    );
    // Monthly renewals fall over the next month, none on the day of seeding: a server started on fresh
    // data would otherwise begin by charging a thirtieth of the families while it is measured.
    await step(
      'subscriptions',
      sql`insert into subscriptions (group_id, provider, plan_id, plan_type, amount, status, current_period_end,
          provider_subscription_id, provider_payment_id)
        select ${uid('group', n)}, 'local',
          case when n % 4 = 0 then 'price_scale_lifetime' else 'price_scale_monthly' end,
          case when n % 4 = 0 then 'one_time' else 'recurring' end,
          case when n % 4 = 0 then 19900 else 1999 end, 'active',
          case when n % 4 = 0 then null else now() + (1 + n % 30) * interval '1 day' end,
          case when n % 4 = 0 then null else 'sub_scale_' || n end,
          case when n % 4 = 0 then 'pay_scale_' || n else null end
        from generate_series(1, ${lit(F)}) as n`,
    );
    // The child has an e-mail (and so reads the channels) in every other family.
    await step(
      'people',
      sql`insert into family_members (id, email, first_name, last_name)
        select ${uid('member', n)},
          case when n % 4 = 0 and (n / 4) % 2 = 1 then null
            else lower(fn || '.' || ln || '.m' || n || '@family.scale.test') end,
          fn, ln
        from (select n,
                case when n % 4 = 0 then ${firstName(sql`n / 4`)} else ${firstName(n)} end as fn,
                case when n % 4 = 3 then ${lastName(n)} else ${lastName(sql`n / 4`)} end as ln
              from generate_series(4, ${lit(F * 4 + 3)}) as n) s`,
    );
    await step(
      'memberships',
      sql`insert into group_members (group_id, member_id, role, position, active, invited_at)
        select ${uid('group', sql`n / 4`)}, ${uid('member', n)},
          case n % 4 when 0 then 'child' when 3 then 'birth_family' else 'adoptive_parent' end,
          case n % 4 when 2 then 2 else 1 end, true,
          case when n % 4 = 0 and (n / 4) % 2 = 1 then null else now() - (n / 4) * interval '5 minutes' end
        from generate_series(4, ${lit(F * 4 + 3)}) as n`,
    );
    await step(
      'chat users',
      sql`insert into chat_users (id, name)
        select m.id::text, m.first_name || ' ' || m.last_name
        from family_members m join group_members gm on gm.member_id = m.id
        where gm.role <> 'child' or m.email is not null`,
    );
    await step(
      'channels',
      sql`insert into chat_channels (id, group_id, number, key, created_at)
        select ${uid('channel', n)}, ${uid('group', n)}, 1, ${memberId(n, 3)}::text,
          now() - n * interval '5 minutes'
        from generate_series(1, ${lit(F)}) as n`,
    );
    await step(
      'channel members',
      sql`insert into chat_channel_members (channel_id, user_id, role, permission)
        select ${uid('channel', sql`gm.n / 4`)}, m.id::text, gm.role,
          case when gm.role = 'child' then 'read' else 'write' end
        from (select n, ${uid('member', n)} as member_id,
                case n % 4 when 0 then 'child' when 3 then 'birth_family' else 'adoptive_parent' end as role
              from generate_series(4, ${lit(F * 4 + 3)}) as n) gm
        join family_members m on m.id = gm.member_id
        where gm.role <> 'child' or m.email is not null`,
    );
    // Channel 1 (the bench family's) gets the long conversation; the rest are shared out round-robin.
    // Family f's parent is member f*4+1 and its birth parent f*4+3; they take turns.
    const channelNumber = (i: SQL) =>
      sql`case when (${i}) <= ${lit(benchMessages)} then 1 else 2 + (${i}) % ${lit(Math.max(1, F - 1))} end`;
    await step(
      'messages',
      sql`insert into chat_messages (id, channel_id, user_id, html, created_at)
        select ${uid('message', sql`i`)}, ${uid('channel', sql`c`)},
          (case when i % 2 = 0 then ${memberId(sql`c`, 1)} else ${memberId(sql`c`, 3)} end)::text,
          '<p>' || case when i % ${lit(RARE_EVERY)} = 0 then ${RARE_LINE} else ${pick(LINES, sql`i`)} end || '</p>',
          now() - interval '30 days' - i * interval '53 seconds'
        from (select i, ${channelNumber(sql`i`)} as c
              from generate_series(1, ${lit(F > 1 ? M : benchMessages)}) as i) s`,
    );
    await step(
      'reports',
      sql`insert into chat_flags (message_id, channel_id, user_id, reason)
        select ${uid('message', sql`i`)}, ${uid('channel', sql`c`)},
          (case when i % 2 = 0 then ${memberId(sql`c`, 3)} else ${memberId(sql`c`, 1)} end)::text,
          'Upsetting'
        from (select i, ${channelNumber(sql`i`)} as c
              from generate_series(997, ${lit(F > 1 ? M : benchMessages)}, 997) as i) s`,
    );
    // The reports queue's mirror of those reports, as if each had been announced long ago.
    await step(
      'report queue',
      sql`insert into message_reports (entity_id, group_id, channel_id, channel_number, message_id,
          reported_by_id, reported_by_name, reason, reported_at, excerpt, alerted_at)
        select g.entity_id, c.group_id, f.channel_id::text, c.number, f.message_id::text, f.user_id, u.name,
          f.reason, m.created_at, left(regexp_replace(m.html, '<[^>]+>', '', 'g'), 200), m.created_at
        from chat_flags f
        join chat_messages m on m.id = f.message_id
        join chat_channels c on c.id = f.channel_id
        join groups g on g.id = c.group_id
        join chat_users u on u.id = f.user_id`,
    );
    // Each family's activity: its creation and its two parents added, by the entity's person; the
    // bench family has a long history of conversation openings. The platform's: each entity created
    // by the admin.
    await step(
      'family activity',
      sql`insert into audit_events (actor_user_id, actor_first_name, actor_last_name, actor_email, action,
          entity_id, group_id, subject, created_at)
        select u.id, u.first_name, u.last_name, u.email,
          case k when 0 then 'family.created' else 'member.added' end, g.entity_id, g.id,
          case k when 0 then null else lower(${firstName(sql`s.n * 4 + k`)} || '.' || ${lastName(sql`s.n`)} || '.m' || (s.n * 4 + k) || '@family.scale.test') end,
          g.created_at + k * interval '1 minute'
        from generate_series(1, ${lit(F)}) as s(n)
        join groups g on g.id = ${uid('group', sql`s.n`)}
        join users u on u.entity_id = g.entity_id
        cross join generate_series(0, 2) as k`,
    );
    await step(
      'bench family activity',
      sql`insert into audit_events (actor_user_id, actor_first_name, actor_last_name, actor_email, action,
          entity_id, group_id, channel_id, created_at)
        select u.id, u.first_name, u.last_name, u.email, 'conversation.viewed', g.entity_id, g.id,
          ${uid('channel', sql`1`)}::text, now() - n * interval '1 hour'
        from generate_series(1, ${lit(BENCH_FAMILY_VIEWS)}) as n
        join groups g on g.id = ${uid('group', sql`1`)}
        join users u on u.entity_id = g.entity_id`,
    );
    await step(
      'platform activity',
      sql`insert into audit_events (actor_user_id, actor_first_name, actor_last_name, actor_email, action,
          entity_id, target_id, created_at)
        select a.id, a.first_name, a.last_name, a.email, 'entity.created', e.id, e.id::text, e.created_at
        from generate_series(1, ${lit(E)}) as s(n)
        join entities e on e.id = ${uid('entity', sql`s.n`)}
        join users a on a.email = ${SCALE_ADMIN_EMAIL}`,
    );
    // A contact agreement in one family of ten (photos every three months from the birth family), its
    // start chosen so that a tenth of them are overdue, a tenth due within the week and the rest on
    // track; the standing each is kept with, as the portal works it out on the day of the seed.
    const agreed = sql`from generate_series(1, ${lit(F)}) as n where n % 10 = 3`;
    const agreementStart = sql`(current_date - case (n / 10) % 10 when 0 then 100 when 1 then 88 else 30 end)`;
    await step(
      'agreements',
      sql`insert into agreement_versions (id, entity_id, group_id, version, effective_from, time_zone, reminder_days)
        select ${uid('agreement', n)}, ${entityOf(n)}, ${uid('group', n)}, 1, ${agreementStart}, 'UTC', 7 ${agreed}`,
    );
    await step(
      'agreement items',
      sql`insert into agreement_items (version_id, position, kind, giver, receiver, frequency, note)
        select ${uid('agreement', n)}, 0, 'photos', 'birth', 'adoptive',
          jsonb_build_object('type', 'everyMonths', 'months', 3, 'start', ${agreementStart}::text), '' ${agreed}`,
    );
    const firstDue = sql`(${agreementStart} + interval '3 months')::date`;
    const standing = sql`case (n / 10) % 10 when 0 then 'overdue' when 1 then 'dueSoon' else 'ok' end`;
    await step(
      'agreement standings',
      sql`insert into agreement_states (group_id, entity_id, standing, standing_date, due_items, family_created_at)
        select ${uid('group', n)}, ${entityOf(n)}, ${standing}, ${firstDue},
          case when ${standing} = 'ok' then '[]'::jsonb else jsonb_build_array(jsonb_build_object(
            'kind', 'photos', 'giver', 'birth', 'due', ${firstDue}::text)) end,
          now() - n * interval '5 minutes' ${agreed}`,
    );
    // What the triggers keep (group_search_text), for every family at once.
    await step(
      'search text',
      sql`with people as (
          select gm.group_id, string_agg(m.email, E'\n' order by m.email) as emails
          from group_members gm join family_members m on m.id = gm.member_id group by gm.group_id)
        update groups g set search_text = search_fold(lower(concat_ws(E'\n', f.name, b.email, people.emails)))
        from groups f
          left join billing_information b on b.group_id = f.id
          left join people on people.group_id = f.id
        where g.id = f.id`,
    );
    for (const [table, trigger] of BULK_TRIGGERS) {
      await tx.execute(sql`alter table ${sql.identifier(table)} enable trigger ${sql.identifier(trigger)}`);
    }
    // What the families' trigger keeps (entities.family_count), for every entity at once.
    await step(
      'family counts',
      sql`update entities e set family_count = c.n
        from (select entity_id, count(*)::int as n from groups group by entity_id) c
        where c.entity_id = e.id and e.family_count <> c.n`,
    );
    // What the standings' trigger keeps (entities.agreement_count).
    await step(
      'agreement counts',
      sql`update entities e set agreement_count = c.n
        from (select entity_id, count(*)::int as n from agreement_states group by entity_id) c
        where c.entity_id = e.id`,
    );
    // And what the entities' trigger keeps (entity_count), which a replica session does not fire.
    await step('entity count', sql`update entity_count set n = (select count(*)::int from entities)`);
    const t = Date.now();
    for (const index of indexes) await tx.execute(sql.raw(index.definition));
    steps.push([`indexes (${indexes.length})`, Date.now() - t]);
  });
  // Vacuumed as well as analysed: filling search_text left a dead version of every family, which a
  // server's autovacuum would clear (it is off on some machines) and which a benchmark would read.
  const t = Date.now();
  await db.execute(sql`vacuum analyze`);
  steps.push(['vacuum analyze', Date.now() - t]);
  return {
    alreadySeeded: false,
    counts: await countRows(db),
    logins,
    bench,
    steps,
    totalMs: Date.now() - started,
  };
}

/**
 * The triggers that keep `groups.search_text` (migration 0005) and `entities.family_count` (0024): off
 * during the load, their work done once at its end.
 */
const BULK_TRIGGERS = [
  ['groups', 'groups_family_count_added'],
  ['groups', 'groups_family_count_removed'],
  ['groups', 'groups_family_count_moved'],
  ['groups', 'groups_search_text'],
  ['billing_information', 'billing_information_search_text'],
  ['group_members', 'group_members_search_text'],
  ['family_members', 'family_members_search_text'],
  ['agreement_states', 'agreement_states_count_added'],
  ['agreement_states', 'agreement_states_count_removed'],
] as const;

/** The tables the seed fills (their secondary indexes are rebuilt after the load). */
const FILLED = [
  'groups',
  'billing_information',
  'payment_customers',
  'payment_methods',
  'subscriptions',
  'family_members',
  'group_members',
  'chat_users',
  'chat_channels',
  'chat_channel_members',
  'chat_messages',
  'chat_flags',
  'message_reports',
  'audit_events',
];

const COUNTED = [
  'entities',
  'users',
  'groups',
  'billing_information',
  'subscriptions',
  'family_members',
  'group_members',
  'chat_users',
  'chat_channels',
  'chat_channel_members',
  'chat_messages',
  'chat_flags',
  'message_reports',
  'audit_events',
] as const;

async function countRows(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of COUNTED) {
    const [row] = await query<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(table)}`,
    );
    counts[table] = row?.n ?? 0;
  }
  return counts;
}

export function describeScale(summary: ScaleSummary): string {
  const lines = [
    summary.alreadySeeded
      ? 'The scale data is already there (the bench agency exists): nothing added.'
      : `Scale data added in ${(summary.totalMs / 1000).toFixed(1)} s.`,
    '',
    'rows:',
    ...Object.entries(summary.counts).map(
      ([table, n]) => `  ${table.padEnd(22)} ${n.toLocaleString('en-US')}`,
    ),
  ];
  if (summary.steps.length > 0) {
    lines.push('', 'time per step:');
    for (const [name, ms] of summary.steps) lines.push(`  ${name.padEnd(22)} ${(ms / 1000).toFixed(1)} s`);
  }
  lines.push('', 'sign in with:');
  for (const login of summary.logins)
    lines.push(`  ${login.role.padEnd(7)} ${login.email}  password: ${login.password}`);
  lines.push(
    '',
    `bench family: ${summary.bench.childName} (${summary.bench.groupId}), channel ${summary.bench.channelId} with ${summary.bench.channelMessages.toLocaleString('en-US')} messages`,
  );
  return lines.join('\n');
}
