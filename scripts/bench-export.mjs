// 'Detalle de consumo': how fast the streaming .xlsx writer goes and whether its memory stays flat.
// Synthetic rows into a sink (no database): `npm run bench:export -- 200000`; run it again with
// `node --max-old-space-size=64 scripts/bench-export.mjs 200000` to see the heap does not grow with the rows.
import { Writable } from 'node:stream';

const { writeConsumptionDetail } = await import('../backend/dist/licence/consumption-detail.xlsx.js');
const rows = Number(process.argv[2] ?? 200_000);
const BATCH = 2000;

async function* batches() {
  for (let start = 0; start < rows; start += BATCH) {
    yield Array.from({ length: Math.min(BATCH, rows - start) }, (_, k) => ({
      occurredAt: new Date(Date.now() - (rows - start - k) * 1000),
      recordedAt: new Date(),
      serviceName: 'Colnómina',
      packageName: 'Colnómina Empresarial',
      licenceId: 12,
      contractNumber: 'CT-2026-1',
      serviceFeatureCode: 'COLNOMINA_EMPLEADO',
      featureName: 'Empleados',
      kind: 'CONSUMPTION',
      quantity: 1,
      unitPrice: '1250.50',
      amount: '1250.50',
      reference: `ref-${start + k}`,
      createdBy: 'socio',
    }));
  }
}

let bytes = 0;
let peak = 0;
const sink = new Writable({
  write(chunk, _encoding, done) {
    bytes += chunk.length;
    peak = Math.max(peak, process.memoryUsage().heapUsed);
    done();
  },
});
const started = performance.now();
await writeConsumptionDetail(sink, { customer: { id: 1, name: 'Empresa', documentType: 'NIT', documentNumber: '1' }, batches: batches() });
const seconds = (performance.now() - started) / 1000;
console.log(
  `${rows} rows in ${seconds.toFixed(1)} s: ${Math.round(rows / seconds)} rows/s, ${(bytes / 1048576).toFixed(1)} MiB of xlsx, peak heap ${(peak / 1048576).toFixed(0)} MiB`,
);
