// The streaming .xlsx writers: how fast they go and whether memory stays flat. Synthetic ledger
// rows (the 14 columns of 'Detalle de consumo') into a sink, no database.
//
//   npm run bench:export -- 200000                  'Detalle de consumo' as the app writes it
//   npm run bench:export -- stream 200000 1000000   the XlsxStream writer (backend/src/xlsx) alone
//   npm run bench:export -- exceljs 200000          exceljs's stream.xlsx.WorkbookWriter, as before issue 24
//
// Each size runs in a child process of its own, so each measures its own memory: rows/s, the
// file's size, the peak heap and the peak growth of the resident set (RSS sampled every 100 ms and
// on every chunk written) over what the process had before writing. Run one with
// `node --max-old-space-size=64 scripts/bench-export.mjs detail 200000` to see the heap does not
// grow with the rows.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { SERVER_FLAGS } from './server-flags.mjs';

const MODES = ['detail', 'stream', 'exceljs'];
const args = process.argv.slice(2);
const mode = MODES.includes(args[0]) ? args.shift() : 'detail';
const sizes = (args.length ? args : ['200000']).map(Number);
const BATCH = 2000;

if (!process.env.BENCH_EXPORT_CHILD) {
  // With the server's Node flags (its 16 MB semi-spaces bound the young generation, which is most of an allocating process's RSS).
  const flags = process.env.BENCH_NODE_FLAGS === undefined ? SERVER_FLAGS : process.env.BENCH_NODE_FLAGS.split(' ').filter(Boolean);
  for (const rows of sizes) {
    const run = spawnSync(process.execPath, [...flags, ...process.execArgv, fileURLToPath(import.meta.url), mode, String(rows)], {
      stdio: 'inherit',
      env: { ...process.env, BENCH_EXPORT_CHILD: '1' },
    });
    if (run.status !== 0) process.exit(run.status ?? 1);
  }
  process.exit(0);
}
const rows = sizes[0];
const startRss = process.memoryUsage().rss;

const KINDS = ['CONSUMPTION', 'CONSUMPTION', 'CONSUMPTION', 'REVERSAL', 'GRANT'];

/** The ledger's rows, batch by batch, as the repository gives them. */
async function* batches(count) {
  const now = Date.now();
  for (let start = 0; start < count; start += BATCH) {
    yield Array.from({ length: Math.min(BATCH, count - start) }, (_, k) => ({
      occurredAt: new Date(now - (count - start - k) * 1000),
      recordedAt: new Date(now),
      serviceName: 'Colnómina',
      packageName: 'Colnómina Empresarial',
      licenceId: 12,
      contractNumber: 'CT-2026-1',
      serviceFeatureCode: 'COLNOMINA_EMPLEADO',
      featureName: 'Empleados',
      kind: KINDS[(start + k) % KINDS.length],
      quantity: 1,
      unitPrice: '1250.50',
      amount: '1250.50',
      reference: `ref-${start + k}`,
      createdBy: 'socio',
    }));
  }
}

const customer = { id: 1, name: 'Empresa', documentType: 'NIT', documentNumber: '1' };

/** The XlsxStream writer fed directly, the row mapping of 'Detalle de consumo' inline. */
async function writeStream(out, count) {
  const { XlsxStream, XLSX_FORMATS, bogotaCell } = await import('../backend/dist/xlsx/xlsx-stream.js');
  const { dateTimeSeconds: when, integer, decimal } = XLSX_FORMATS;
  const labels = { GRANT: 'Asignación', CONSUMPTION: 'Consumo', REVERSAL: 'Reverso', EXPIRY: 'Vencimiento', ADJUSTMENT: 'Ajuste' };
  const book = new XlsxStream('Detalle de consumo', [
    { header: 'Fecha y hora', width: 20, numFmt: when },
    { header: 'Registrado', width: 20, numFmt: when },
    { header: 'Producto', width: 24 },
    { header: 'Paquete', width: 28 },
    { header: 'Licencia', width: 10 },
    { header: 'Contrato', width: 16 },
    { header: 'Característica', width: 26 },
    { header: 'Descripción', width: 28 },
    { header: 'Evento', width: 14 },
    { header: 'Cantidad', width: 11, numFmt: integer },
    { header: 'Precio unitario', width: 15, numFmt: decimal },
    { header: 'Valor', width: 15, numFmt: decimal },
    { header: 'Referencia', width: 24 },
    { header: 'Registrado por', width: 22 },
  ]);
  const sent = pipeline(book.stream, out);
  for await (const batch of batches(count)) {
    for (const r of batch) {
      await book.row([
        bogotaCell(r.occurredAt),
        bogotaCell(r.recordedAt),
        r.serviceName,
        r.packageName,
        r.licenceId,
        r.contractNumber,
        r.serviceFeatureCode,
        r.featureName,
        labels[r.kind],
        r.quantity,
        Number(r.unitPrice),
        Number(r.amount),
        r.reference,
        r.createdBy,
      ]);
    }
  }
  await book.end();
  await sent;
}

/** exceljs's streaming writer with the same columns, as 'Detalle de consumo' was written before issue 24. */
async function writeExceljs(out, count) {
  const { default: excel } = await import('exceljs');
  const { bogotaWallClock } = await import('@licencias/common/dates');
  const workbook = new excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Detalle de consumo', { views: [{ state: 'frozen', ySplit: 1 }] });
  const keys = ['occurredAt', 'recordedAt', 'serviceName', 'packageName', 'licenceId', 'contractNumber', 'serviceFeatureCode'];
  sheet.columns = [...keys, 'featureName', 'kind', 'quantity', 'unitPrice', 'amount', 'reference', 'createdBy'].map((key) => ({
    header: key,
    key,
    width: 16,
    style: key.endsWith('At') ? { numFmt: 'dd/mm/yyyy hh:mm:ss' } : undefined,
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const batch of batches(count)) {
    for (const r of batch) {
      const { occurredAt, recordedAt, unitPrice, amount } = r;
      sheet
        .addRow({
          ...r,
          occurredAt: bogotaWallClock(occurredAt),
          recordedAt: bogotaWallClock(recordedAt),
          unitPrice: Number(unitPrice),
          amount: Number(amount),
        })
        .commit();
    }
  }
  sheet.commit();
  await workbook.commit();
}

async function writeDetail(out, count) {
  const { writeConsumptionDetail } = await import('../backend/dist/licence/consumption-detail.xlsx.js');
  await writeConsumptionDetail(out, { customer, batches: batches(count) });
}

const write = { detail: writeDetail, stream: writeStream, exceljs: writeExceljs }[mode];

// Modules loaded and warmed before the baseline: what is measured is what writing adds.
await write(new Writable({ write: (_chunk, _encoding, done) => done() }), 5000);
globalThis.gc?.();
await new Promise((resolve) => setTimeout(resolve, 200));

let bytes = 0;
let peakHeap = 0;
const baseline = process.memoryUsage().rss;
let peakRss = baseline;
const sample = () => {
  const { rss, heapUsed } = process.memoryUsage();
  if (rss > peakRss) peakRss = rss;
  if (heapUsed > peakHeap) peakHeap = heapUsed;
};
const sampler = setInterval(sample, 100);
const sink = new Writable({
  write(chunk, _encoding, done) {
    bytes += chunk.length;
    sample();
    done();
  },
});
const started = performance.now();
const cpuBefore = process.cpuUsage();
await write(sink, rows);
const seconds = (performance.now() - started) / 1000;
// User + system time of every thread (the JS one and libuv's, where zlib deflates): what the rows cost on a busy machine.
const cpu = process.cpuUsage(cpuBefore);
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
clearInterval(sampler);
sample();
const mib = (n) => (n / 1048576).toFixed(1);
console.log(
  `${mode} ${rows} rows in ${seconds.toFixed(1)} s: ${Math.round(rows / seconds)} rows/s (CPU ${cpuSeconds.toFixed(1)} s), ${mib(bytes)} MiB of xlsx, ` +
    `peak heap ${mib(peakHeap)} MiB, RSS ${mib(baseline)} → peak ${mib(peakRss)} MiB (growth ${mib(peakRss - baseline)} MiB; ${mib(startRss)} MiB before the writer's modules and warm-up)`,
);
