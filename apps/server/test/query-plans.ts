// EXPLAIN ANALYZE of a statement as the tests read it: every node of the executed plan, depth first.
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';

export type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  Plans?: PlanNode[];
};

/** Every node of a statement's executed plan (EXPLAIN ANALYZE), on either driver. */
export async function planOf(db: Db, statement: { sql: string; params: unknown[] }): Promise<PlanNode[]> {
  const client = (db as unknown as { $client: { query(text: string, params: unknown[]): Promise<unknown> } })
    .$client;
  const result = (await client.query(
    `explain (analyze, format json) ${statement.sql}`,
    statement.params,
  )) as {
    rows: { 'QUERY PLAN': unknown }[];
  };
  return nodesOf(result.rows[0]!['QUERY PLAN']);
}

/** The nodes of EXPLAIN's JSON (an array, or its text on a driver that leaves JSON as text), depth first. */
function nodesOf(plan: unknown): PlanNode[] {
  const nodes: PlanNode[] = [];
  const walk = (node: PlanNode) => {
    nodes.push(node);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk((Array.isArray(plan) ? plan : JSON.parse(String(plan)))[0].Plan);
  return nodes;
}

/** A statement's literal value as SQL: the tests' values are ids, texts and whole numbers. */
const literal = (value: unknown) =>
  typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;

/**
 * Every node of the plan a prepared statement runs with once PostgreSQL settles on its generic plan
 * (planned without knowing the values, as the server's prepared statements are after a few runs).
 */
export async function genericPlanOf(
  db: Db,
  statement: { sql: string; params: unknown[] },
): Promise<PlanNode[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw('set local plan_cache_mode = force_generic_plan'));
    await tx.execute(sql.raw(`prepare generic_plan_probe as ${statement.sql}`));
    const result = (await tx.execute(
      sql.raw(
        `explain (analyze, format json) execute generic_plan_probe(${statement.params.map(literal).join(', ')})`,
      ),
    )) as unknown as { rows: { 'QUERY PLAN': unknown }[] };
    await tx.execute(sql.raw('deallocate generic_plan_probe'));
    return nodesOf(result.rows[0]!['QUERY PLAN']);
  });
}
