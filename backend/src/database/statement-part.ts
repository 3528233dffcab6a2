/**
 * Writes another domain adds to a statement of its own (common table expressions), so that both
 * travel in one round trip: `ctes` go after the host's own (each name prefixed by its owner, so
 * they cannot collide), and `select` is one more column of the host's final select. Parameters
 * follow the text: `ctesParams` after the host's CTE parameters, `selectParams` after the rest.
 */
export interface StatementPart {
  ctes: string;
  ctesParams: unknown[];
  select: string;
  selectParams: unknown[];
}
