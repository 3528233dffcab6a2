import { isEmailDomainBlocked } from './email-blacklist.js';
import { nitCheckDigit } from './nit.js';
import { parameterMap, parseParameterValue } from './parameter-value.js';
import { checkUpload, MAX_UPLOAD_BYTES, sniffContentType, uploadNameOrSizeProblem } from './upload.js';

describe('parseParameterValue', () => {
  it('reads values of their declared type', () => {
    expect(parseParameterValue('{"type":"boolean","value":true}')).toEqual({ type: 'boolean', value: true });
    expect(parseParameterValue('{"type":"number","value":999}')).toEqual({ type: 'number', value: 999 });
    expect(parseParameterValue('{"type":"object","value":{"a":1}}')).toEqual({ type: 'object', value: { a: 1 } });
  });

  it('ignores a value whose type differs from the declared one, and malformed text', () => {
    expect(parseParameterValue('{"type":"boolean","value":"true"}')).toBeUndefined();
    expect(parseParameterValue('{"type":"number","value":"12"}')).toBeUndefined();
    expect(parseParameterValue('{"type":"object","value":[1]}')).toBeUndefined();
    expect(parseParameterValue('{"type":"date","value":"2026-01-01"}')).toBeUndefined();
    expect(parseParameterValue('not json')).toBeUndefined();
    expect(parseParameterValue('true')).toBeUndefined();
  });

  it('builds a map that skips ignored parameters', () => {
    expect(
      parameterMap([
        { parameterCode: 'a', parameterValue: '{"type":"boolean","value":false}' },
        { parameterCode: 'b', parameterValue: '{"type":"boolean","value":1}' },
      ]),
    ).toEqual({ a: false });
  });
});

describe('nitCheckDigit', () => {
  it.each([
    ['900123456', '8'],
    ['860034313', '7'],
    ['890903938', '8'],
    ['800197268', '4'],
    ['8301', '9'],
  ])('NIT %s has check digit %s', (nit, dv) => {
    expect(nitCheckDigit(nit)).toBe(dv);
  });

  it('keeps remainders 0 and 1 as the digit', () => {
    expect(nitCheckDigit('4')).toBe('1'); // 4*3 = 12, remainder 1
    expect(nitCheckDigit('0')).toBe('0'); // remainder 0
    expect(nitCheckDigit('11')).toBe('1'); // 1*3 + 1*7 = 10, 11 - 10
  });

  it('refuses empty and over-long numbers', () => {
    expect(() => nitCheckDigit('')).toThrow(RangeError);
    expect(() => nitCheckDigit('1234567890123456')).toThrow(RangeError);
  });
});

describe('isEmailDomainBlocked', () => {
  const rules = ['yopmail.com', '*.tk', '@mailinator.com'];
  it('blocks a domain and its subdomains', () => {
    expect(isEmailDomainBlocked('ana@yopmail.com', rules)).toBe(true);
    expect(isEmailDomainBlocked('ana@mx.YOPMAIL.com', rules)).toBe(true);
    expect(isEmailDomainBlocked('ana@mailinator.com', rules)).toBe(true);
  });
  it('applies wildcards', () => {
    expect(isEmailDomainBlocked('x@algo.tk', rules)).toBe(true);
    expect(isEmailDomainBlocked('x@tk.com', rules)).toBe(false);
  });
  it('lets other domains through', () => {
    expect(isEmailDomainBlocked('ana@notyopmail.com', rules)).toBe(false);
    expect(isEmailDomainBlocked('ana@empresa.com.co', rules)).toBe(false);
    expect(isEmailDomainBlocked('sin-arroba', rules)).toBe(false);
  });
});

describe('upload rules', () => {
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
  it('accepts a file whose name and content agree', () => {
    expect(checkUpload('oferta.PNG', png)).toEqual({ contentType: 'image/png' });
    expect(checkUpload('doc.pdf', new TextEncoder().encode('%PDF-1.7'))).toEqual({ contentType: 'application/pdf' });
  });
  it('refuses a disguised file, another type, an over-long name and an oversized file', () => {
    expect(checkUpload('oferta.jpg', png)).toEqual({ problem: 'Debe cargar un archivo válido (.jpg, .jpeg, .png, .pdf).' });
    expect(checkUpload('imagen.svg', new TextEncoder().encode('<svg/>'))).toEqual({ problem: 'Debe cargar un archivo válido (.jpg, .jpeg, .png, .pdf).' });
    expect(checkUpload(`${'a'.repeat(197)}.png`, png)).toEqual({ problem: 'El nombre del archivo seleccionado no es válido.' });
    expect(uploadNameOrSizeProblem('grande.png', MAX_UPLOAD_BYTES + 1)).toBe('El tamaño del archivo supera el máximo permitido (2MB).');
    expect(uploadNameOrSizeProblem('justo.png', MAX_UPLOAD_BYTES)).toBeUndefined();
  });
  it('knows the signatures', () => {
    expect(sniffContentType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffContentType(new TextEncoder().encode('GIF89a'))).toBe('image/gif');
    expect(sniffContentType(new Uint8Array([1, 2, 3]))).toBeUndefined();
  });
});
