// The names families gave their people, as every conversation view, report and transcript shows them.
// A person may be in families of two entities, each of which names them as it likes; the chat provider
// holds one name per person, so the portal never shows the provider's name for a person of ours: it
// reads the name of the family the channel belongs to (its membership's while the person is in it,
// the kept copy after they left). Someone the family never held (a user made at Stream itself) keeps
// the provider's name.
import { joinName } from '@bridge-talk/contract';
import { sql } from 'drizzle-orm';
import { isUuid } from '../lib/app-error.js';
import type { Db } from './client.js';
import { familyMemberNames } from './schema-families.js';

/** A transaction or the database. */
type Tx = Pick<Db, 'insert' | 'execute'>;

/** Keeps the family's names of its people (the member sync writes them after every change). */
export async function saveFamilyNames(
  db: Tx,
  groupId: string,
  people: { memberId: string; firstName: string; lastName: string }[],
): Promise<void> {
  if (people.length === 0) return;
  await db
    .insert(familyMemberNames)
    .values(people.map((p) => ({ groupId, ...p })))
    .onConflictDoUpdate({
      target: [familyMemberNames.groupId, familyMemberNames.memberId],
      set: {
        firstName: sql`excluded.first_name`,
        lastName: sql`excluded.last_name`,
        updatedAt: sql`now()`,
      },
    });
}

/** Names by family and person; `of` answers undefined for someone the family never held. */
export interface FamilyNames {
  of(groupId: string, memberId: string): string | undefined;
}

const key = (groupId: string, memberId: string) => `${groupId}/${memberId}`.toLowerCase();

/**
 * The names these families gave everyone they hold or held: the membership's while the person is in
 * the family, the kept copy once they left. One small statement whatever the page or the report, so
 * that it can be read beside the provider's answer rather than after it.
 */
export async function findFamilyNames(db: Pick<Db, 'execute'>, groupIds: string[]): Promise<FamilyNames> {
  const ids = [...new Set(groupIds.filter(isUuid))];
  const names = new Map<string, string>();
  if (ids.length > 0) {
    const groups = sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    type Row = { group_id: string; member_id: string; first: string; last: string };
    const result = (await db.execute(sql`
      select p.group_id, p.member_id,
        case when gm.id is not null then coalesce(gm.first_name, fm.first_name) else n.first_name end as first,
        case when gm.id is not null then coalesce(gm.last_name, fm.last_name) else n.last_name end as last
      from (select group_id, member_id from group_members where group_id in (${groups})
            union select group_id, member_id from family_member_names where group_id in (${groups})) p
      join family_members fm on fm.id = p.member_id
      left join group_members gm on gm.group_id = p.group_id and gm.member_id = p.member_id
      left join family_member_names n on n.group_id = p.group_id and n.member_id = p.member_id`)) as unknown as {
      rows: Row[];
    };
    for (const row of result.rows) names.set(key(row.group_id, row.member_id), joinName(row.first, row.last));
  }
  return { of: (groupId, memberId) => names.get(key(groupId, memberId)) };
}
