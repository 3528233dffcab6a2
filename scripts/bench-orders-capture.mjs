// Loaded with `node --import` by scripts/bench-orders.mjs into the built app: records every
// statement the app sends through `pg` (text, values, and the new ids a statement returns) between the
// first SIGWINCH and the second, then writes them to ORDER_CAPTURE_FILE as JSON. The bench
// replays that list directly with `pg` as the floor of RegisterPurchaseOrder.
import { renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const backend = createRequire(join(process.cwd(), 'backend/package.json'));
const pg = backend('pg');
const file = process.env.ORDER_CAPTURE_FILE;
let recording = null;

const original = pg.Client.prototype.query;
pg.Client.prototype.query = function query(config, values, callback) {
  const text = typeof config === 'string' ? config : config?.text;
  const params = typeof config === 'string' ? values : (config?.values ?? values);
  const result = original.call(this, config, values, callback);
  if (recording && typeof text === 'string' && result && typeof result.then === 'function') {
    const entry = { text, values: Array.isArray(params) ? params.map((v) => (v instanceof Date ? { date: v.toISOString() } : v)) : [], ids: [] };
    recording.push(entry);
    result.then(
      (res) => {
        // New rows' ids: an insert's (or a CTE's) `id`, or an id taken from a sequence ahead of its insert (`order_id`).
        if (/^\s*(insert|with|select)/i.test(text))
          entry.ids = (res?.rows ?? []).map((row) => row.id ?? row.order_id).filter((id) => id !== undefined && id !== null);
      },
      () => {},
    );
  }
  return result;
};

process.on('SIGWINCH', () => {
  if (!recording) {
    recording = [];
    return;
  }
  // Written whole, then renamed: the bench reads the file as soon as it exists.
  writeFileSync(`${file}.part`, JSON.stringify(recording));
  renameSync(`${file}.part`, file);
  recording = null;
});
