import { RuleViolations } from '../errors/rule-violations.js';
import { bannerPng } from './demo-png.js';
import { MAX_UPLOAD_BYTES as MAX_OFFER_IMAGE_BYTES, sniffContentType } from '@licencias/common/rules';
import { readOfferImage } from './offer-image.js';

const png = bannerPng('#00796b', '#f9a825', true, 16, 8);
const read = (fileName: string, content: Buffer | string) => {
  const violations = new RuleViolations();
  const file = readOfferImage({ fileName, contentBase64: typeof content === 'string' ? content : content.toString('base64') }, violations);
  let error: unknown;
  try {
    violations.throwIfAny();
  } catch (e) {
    error = e;
  }
  return { file, message: (error as Error | undefined)?.message };
};

describe('offer image upload', () => {
  it('accepts a PNG named .png and hashes it', () => {
    const { file, message } = read('oferta.PNG', png);
    expect(message).toBeUndefined();
    expect(file).toMatchObject({ fileName: 'oferta.PNG', contentType: 'image/png' });
    expect(file?.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('accepts a data URL and keeps only the file name of a path', () => {
    expect(read('C:\\fotos\\oferta.png', `data:image/png;base64,${png.toString('base64')}`).file?.fileName).toBe('oferta.png');
  });

  it('stores the name without control, bidirectional and markup characters', () => {
    expect(read('of\u0007er\tta\u202E\u2066\u200F<img src=x onerror=alert(1)>\u0085"\'`&.png', png).file?.fileName).toBe(
      'ofertaimg src=x onerror=alert(1).png',
    );
    expect(read('informe\u202Efdp.png', png).file?.fileName).toBe('informefdp.png');
  });

  it.each([
    ['a name with another extension', 'oferta.bmp', png],
    ['no extension', 'oferta', png],
    ['content that is not what the name says', 'oferta.pdf', png],
    ['text named .jpg', 'oferta.jpg', Buffer.from('hola mundo')],
    ['invalid base64', 'oferta.png', '***'],
  ])('refuses %s with the spec message', (_case, name, content) => {
    expect(read(name, content).message).toBe('Debe cargar un archivo válido (.jpg, .jpeg, .png, .pdf).');
  });

  it('refuses files over 2 MB with the spec message', () => {
    const big = Buffer.concat([png, Buffer.alloc(MAX_OFFER_IMAGE_BYTES)]);
    expect(read('grande.png', big).message).toBe('El tamaño del archivo supera el máximo permitido (2MB).');
  });

  it('recognises each allowed type by its signature', () => {
    expect(sniffContentType(png)).toBe('image/png');
    expect(sniffContentType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffContentType(Buffer.from('GIF89a....'))).toBe('image/gif');
    expect(sniffContentType(Buffer.from('%PDF-1.7\n'))).toBe('application/pdf');
    expect(sniffContentType(Buffer.from('<svg/>'))).toBeUndefined();
  });
});
