import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { bogotaCell, tableCrc32, XLSX_FORMATS, xmlText, XlsxStream, type XlsxCell, type XlsxColumn } from './xlsx-stream.js';

/** Writes a book and collects its bytes. */
async function build(columns: XlsxColumn[], rows: XlsxCell[][], title?: XlsxCell[][], sheetName = 'Movimientos'): Promise<Buffer> {
  const book = new XlsxStream(sheetName, columns);
  const chunks: Buffer[] = [];
  book.stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => book.stream.on('end', resolve));
  if (title) book.title(title);
  for (const row of rows) await book.row(row);
  await book.end();
  await ended;
  return Buffer.concat(chunks);
}

async function load(file: Buffer, sheetName = 'Movimientos') {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet(sheetName);
  if (!sheet) throw new Error(`no sheet '${sheetName}'`);
  return sheet;
}

interface Entry {
  name: string;
  data: Buffer;
}

/**
 * Reads the zip the way a strict reader does: the end record, the central directory, each local
 * header, the inflated data against the directory's CRC and sizes, and the data descriptor.
 */
function unzip(file: Buffer): Entry[] {
  const end = file.length - 22;
  expect(file.readUInt32LE(end)).toBe(0x06054b50);
  const count = file.readUInt16LE(end + 10);
  const directorySize = file.readUInt32LE(end + 12);
  let at = file.readUInt32LE(end + 16);
  expect(at + directorySize).toBe(end);
  const entries: Entry[] = [];
  for (let i = 0; i < count; i += 1) {
    expect(file.readUInt32LE(at)).toBe(0x02014b50);
    const flags = file.readUInt16LE(at + 8);
    const crc = file.readUInt32LE(at + 16);
    const compressed = file.readUInt32LE(at + 20);
    const size = file.readUInt32LE(at + 24);
    const nameLength = file.readUInt16LE(at + 28);
    const offset = file.readUInt32LE(at + 42);
    const name = file.toString('utf8', at + 46, at + 46 + nameLength);
    expect(flags & 0x0008).toBe(0x0008);
    expect(file.readUInt32LE(offset)).toBe(0x04034b50);
    expect(file.toString('utf8', offset + 30, offset + 30 + file.readUInt16LE(offset + 26))).toBe(name);
    const start = offset + 30 + file.readUInt16LE(offset + 26) + file.readUInt16LE(offset + 28);
    const data = zlib.inflateRawSync(file.subarray(start, start + compressed));
    expect({ name, size: data.length, crc: zlib.crc32(data) }).toEqual({ name, size, crc });
    const descriptor = start + compressed;
    expect([file.readUInt32LE(descriptor), file.readUInt32LE(descriptor + 4), file.readUInt32LE(descriptor + 8), file.readUInt32LE(descriptor + 12)]).toEqual([
      0x08074b50,
      crc,
      compressed,
      size,
    ]);
    entries.push({ name, data });
    at += 46 + nameLength;
  }
  return entries;
}

const COLUMNS: XlsxColumn[] = [
  { header: 'Descripción', width: 28 },
  { header: 'Evento', width: 14 },
  { header: 'Cantidad', width: 11, numFmt: XLSX_FORMATS.integer },
  { header: 'Valor', width: 15, numFmt: XLSX_FORMATS.decimal },
  { header: 'Fecha y hora', width: 20, numFmt: XLSX_FORMATS.dateTime },
];

describe('XlsxStream', () => {
  it('writes a workbook exceljs reads back: escaping, unicode, numbers, decimals, Bogotá dates, empty cells, a title', async () => {
    const at = new Date('2026-12-07T15:30:45.000Z');
    const file = await build(
      COLUMNS,
      [
        ['Señal & <ruido> "citas" \'simples\'', 'Consumo', 3, 1250.5, bogotaCell(at)],
        ['Pequeño año, acción: áéíóú ÁÉÍÓÚ ñÑ ü €', 'Reverso', -3, -3751.5, bogotaCell(at)],
        ['  con espacios  ', null, 0, 0.1 + 0.2, undefined],
        [undefined, '', 1234567, 1e-7, null],
        ['_x0041_ literal y emoji 😀', 'línea\nnueva', 9007199254740991, 12.345678],
      ],
      [['Detalle de consumo'], ['Empresa', 'Detalle y Cía S.A.S.'], ['NIT', '900123456']],
    );
    const sheet = await load(file);
    const values: unknown[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row) => values.push((row.values as unknown[]).slice(1)));
    expect(values).toEqual([
      ['Detalle de consumo'],
      ['Empresa', 'Detalle y Cía S.A.S.'],
      ['NIT', '900123456'],
      [],
      ['Descripción', 'Evento', 'Cantidad', 'Valor', 'Fecha y hora'],
      ['Señal & <ruido> "citas" \'simples\'', 'Consumo', 3, 1250.5, new Date('2026-12-07T10:30:45.000Z')],
      ['Pequeño año, acción: áéíóú ÁÉÍÓÚ ñÑ ü €', 'Reverso', -3, -3751.5, new Date('2026-12-07T10:30:45.000Z')],
      ['  con espacios  ', undefined, 0, 0.30000000000000004],
      [undefined, undefined, 1234567, 1e-7],
      // Excel reads `_xHHHH_` as an escape, so the writer escapes its `_`; exceljs does not decode it.
      ['_x005F_x0041_ literal y emoji 😀', 'línea\nnueva', 9007199254740991, 12.345678],
    ]);
    expect(sheet.getRow(5).getCell(1).font?.bold).toBe(true);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBeFalsy();
    expect(sheet.getRow(6).getCell(1).font?.bold).toBeFalsy();
    expect(sheet.getRow(6).getCell(3).numFmt).toBe('#,##0');
    expect(sheet.getRow(6).getCell(4).numFmt).toBe('#,##0.00');
    expect(sheet.getRow(6).getCell(5).numFmt).toBe('dd/mm/yyyy hh:mm');
    expect(sheet.getColumn(1).width).toBe(28);
    expect(sheet.getColumn(5).width).toBe(20);
    expect(sheet.views).toEqual([expect.objectContaining({ state: 'frozen', ySplit: 5, topLeftCell: 'A6' })]);

    const names = unzip(file).map((e) => e.name);
    expect(names).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'docProps/app.xml',
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/worksheets/sheet1.xml',
    ]);
  });

  it('writes the header alone when there are no rows, and a Date in an unformatted column as a date', async () => {
    const empty = await load(await build(COLUMNS, []));
    expect(empty.rowCount).toBe(1);
    expect(empty.views).toEqual([expect.objectContaining({ state: 'frozen', ySplit: 1 })]);
    const dated = await load(await build([{ header: 'Cuándo' }], [[new Date('2026-01-02T03:04:00.000Z')]]));
    expect(dated.getRow(2).getCell(1).value).toEqual(new Date('2026-01-02T03:04:00.000Z'));
  });

  it('drops the characters XML 1.0 does not allow and keeps the rest', async () => {
    const text = `a\u0000b\u0001c\u0008d\u000Be\u000Cf\u001Fg\uFFFEh\uFFFFi\uD800j\uDC00k\tl\rm`;
    expect(xmlText(text)).toBe('abcdefghijk\tl&#13;m');
    expect(xmlText('1 < 2 && 3 > 2')).toBe('1 &lt; 2 &amp;&amp; 3 &gt; 2');
    expect(xmlText('😀')).toBe('😀');
    expect(xmlText('_x0041_ y _x00')).toBe('_x005F_x0041_ y _x00');
    expect(xmlText('a\r\nb')).toBe('a&#13;\nb');
    const sheet = await load(await build([{ header: 'Texto' }], [[text], ['\u0007']]));
    expect(sheet.getRow(2).getCell(1).value).toBe('abcdefghijk\tl\rm');
    // Nothing left: no cell.
    expect(sheet.getRow(3).getCell(1).value).toBeNull();
  });

  it('writes 100,000 rows a reader loads whole, and its zip checks out', async () => {
    const rows: XlsxCell[][] = Array.from({ length: 100_000 }, (_, i) => [
      `Empleados ${i}`,
      i % 2 ? 'Consumo' : 'Reverso',
      i,
      i / 4,
      new Date(Date.UTC(2026, 0, 1) + i * 60_000),
    ]);
    const file = await build(COLUMNS, rows);
    const sheet = await load(file);
    expect(sheet.rowCount).toBe(100_001);
    expect(sheet.getRow(100_001).values).toEqual([undefined, 'Empleados 99999', 'Consumo', 99999, 24999.75, new Date(Date.UTC(2026, 0, 1) + 99999 * 60_000)]);
    const sheetXml = unzip(file).find((e) => e.name === 'xl/worksheets/sheet1.xml');
    expect(sheetXml?.data.length).toBeGreaterThan(10_000_000);
  }, 120_000);

  it('waits while nobody reads the stream, and fails the writer when the stream is destroyed', async () => {
    const book = new XlsxStream('Espera', COLUMNS);
    const row = ['Una descripción bastante larga para llenar el búfer', 'Consumo', 1, 2.5, new Date()];
    let pending: Promise<void> | null = null;
    for (let i = 0; i < 200_000 && !pending; i += 1) {
      const written = book.row(row);
      const settled = await Promise.race([written.then(() => true), new Promise((resolve) => setTimeout(resolve, 20, false))]);
      if (!settled) pending = written;
    }
    expect(pending).not.toBeNull();
    // Reading drains it.
    book.stream.resume();
    await pending;
    book.stream.destroy();
    await new Promise((resolve) => setImmediate(resolve));
    await expect(book.row(row)).rejects.toThrow('closed before the workbook ended');
  });

  it('refuses a row wider than the columns, and rows after the end', async () => {
    const book = new XlsxStream('Filas', [{ header: 'Uno' }]);
    book.stream.resume();
    expect(() => book.title([['a', 'b']])).toThrow('A title line has 2 cells for 1 columns');
    await expect(book.row(['a', 'b'])).rejects.toThrow('Row 2 has 2 cells for 1 columns');
    await book.end();
    await expect(book.row(['a'])).rejects.toThrow('A row after end()');
    await expect(book.end()).rejects.toThrow('end() was called already');
  });

  it('refuses sheet names Excel refuses', () => {
    expect(() => new XlsxStream('a/b', COLUMNS)).toThrow('Invalid sheet name');
    expect(() => new XlsxStream('x'.repeat(32), COLUMNS)).toThrow('Invalid sheet name');
    expect(() => new XlsxStream('Detalle de consumo', [])).toThrow('1 to');
  });

  it("computes zip's CRC-32 by table as zlib does", () => {
    const data = Buffer.from('Detalle de consumo: año, señal, 😀'.repeat(100), 'utf8');
    expect(tableCrc32(data)).toBe(zlib.crc32(data));
    expect(tableCrc32(data.subarray(7), tableCrc32(data.subarray(0, 7)))).toBe(zlib.crc32(data));
    expect(tableCrc32(Buffer.alloc(0))).toBe(0);
  });
});
