/**
 * The total of a list page. A page that is not full ends the list, so its total is known without
 * a count (most searches); a full page, or an empty one past the start, needs the count.
 */
export async function pageTotal(rows: number, offset: number, limit: number, count: () => Promise<number>): Promise<number> {
  if (rows < limit && (rows > 0 || offset === 0)) return offset + rows;
  return count();
}
