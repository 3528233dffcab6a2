import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const rgb = (hex: string): [number, number, number] => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];

/**
 * A valid PNG banner drawn in code (demo offer images): a gradient between two colours with
 * diagonal stripes when `striped` (offers). No image files live in the repository.
 */
export function bannerPng(from: string, to: string, striped = false, width = 480, height = 240): Buffer {
  const [r1, g1, b1] = rgb(from);
  const [r2, g2, b2] = rgb(to);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    rows[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const t = (x + y) / (width + height);
      const light = striped && Math.floor((x + y) / 24) % 2 === 0 ? 28 : 0;
      const at = row + 1 + x * 3;
      rows[at] = Math.min(255, Math.round(r1 + (r2 - r1) * t) + light);
      rows[at + 1] = Math.min(255, Math.round(g1 + (g2 - g1) * t) + light);
      rows[at + 2] = Math.min(255, Math.round(b1 + (b2 - b1) * t) + light);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
