// EXPLAIN ANALYZE of a statement as the tests read it: every node of the executed plan, depth first.
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
  const plan = result.rows[0]!['QUERY PLAN'];
  const nodes: PlanNode[] = [];
  const walk = (node: PlanNode) => {
    nodes.push(node);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk((Array.isArray(plan) ? plan : JSON.parse(String(plan)))[0].Plan);
  return nodes;
}
