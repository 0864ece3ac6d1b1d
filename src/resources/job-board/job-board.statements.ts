// The job board's named statements are built as text, one per shape of search, with numbered
// parameters ($1 the tenant, $2 the caller's nodes, ...) used more than once. `scope.named` takes a
// template whose every value is a parameter of its own: this turns such a text into that template,
// once per shape, so the statement's text (and so its plan) stays the same from call to call.
import { NODES, TENANT, type DataScope } from '../../platform/scope.ts';

export interface Statement {
  name: string;
  /** The text between the parameters. */
  strings: TemplateStringsArray;
  /** For each place of a parameter, the index of its value ($1: 0). */
  order: number[];
}

/** `text` with `$1`, `$2`... */
export function statement(name: string, text: string): Statement {
  const parts = text.split(/\$(\d+)/);
  const strings = parts.filter((_, i) => i % 2 === 0);
  const order = parts.filter((_, i) => i % 2 === 1).map((n) => Number(n) - 1);
  return { name, strings: Object.assign([...strings], { raw: [...strings] }), order };
}

/**
 * Runs a statement through the scope: `values` after the first two, which are always the caller's
 * tenant ($1) and hierarchy nodes ($2), bound by the scope itself. `short`: pipelined outside a
 * transaction (scope.named).
 */
export function run<Row extends Record<string, unknown>>(scope: DataScope, s: Statement, values: readonly unknown[], short = false): Promise<Row[]> {
  const all = [TENANT, NODES, ...values];
  return scope.named(s.name, { short })<Row>(s.strings, ...s.order.map((i) => all[i]));
}
