import { companyCheckDigit, type CompanyInput, companyProblems, normalizeDocumentNumber } from './company.js';
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
  it('reads each list as it is: another list, a wildcard inside a name, characters taken literally', () => {
    expect(isEmailDomainBlocked('ana@yopmail.com', rules)).toBe(true);
    expect(isEmailDomainBlocked('ana@yopmail.com', ['mailinator.com'])).toBe(false);
    expect(isEmailDomainBlocked('ana@temp-123.mail.net', ['temp-*.mail.net', 'a+b.co'])).toBe(true);
    expect(isEmailDomainBlocked('ana@a+b.co', ['temp-*.mail.net', 'a+b.co'])).toBe(true);
    expect(isEmailDomainBlocked('ana@aab.co', ['a+b.co'])).toBe(false);
    expect(isEmailDomainBlocked('ana@temp-1xmail.net', ['temp-*.mail.net'])).toBe(false);
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

describe('companyProblems (the company form of licences §5)', () => {
  const legal = {
    personType: 'J',
    documentTypeId: 4,
    documentNumber: '900 123 456',
    legalName: 'Transportes Río Claro & Cía. Ltda.',
    fulladdress: 'Avenida 6N # 25-40, Local 2.',
    departmentId: 76,
    cityId: 76001,
    cellphoneNumber: '6023334455',
    email: 'info@rioclaro.co',
    legalDocumentTypeId: 2,
    legalDocumentNumber: '94555666',
    legalFirstName: 'Óscar',
    legalLastName: 'Muñoz Peña',
    linkToApp: 'otras_apps',
  };
  const natural = { ...legal, personType: 'N', documentTypeId: 1, documentNumber: '1020304050', legalName: null, firstName: 'María José', lastName: 'Núñez' };
  const problems = (input: CompanyInput, blocked: string[] = []) => Object.fromEntries(companyProblems(input, blocked).map((p) => [p.field, p.message]));

  it('accepts a complete legal and a complete natural person', () => {
    expect(problems(legal)).toEqual({});
    expect(problems({ ...natural, legalDocumentTypeId: null, legalDocumentNumber: null, legalFirstName: null, legalLastName: null })).toEqual({});
  });

  it("names every missing required field 'Campo obligatorio', except the additional information", () => {
    expect(problems({ personType: 'J' })).toEqual({
      documentTypeId: 'Campo obligatorio',
      documentNumber: 'Campo obligatorio',
      legalName: 'Campo obligatorio',
      legalDocumentTypeId: 'Campo obligatorio',
      legalDocumentNumber: 'Campo obligatorio',
      legalFirstName: 'Campo obligatorio',
      legalLastName: 'Campo obligatorio',
      fulladdress: 'Campo obligatorio',
      departmentId: 'Campo obligatorio',
      cityId: 'Campo obligatorio',
      cellphoneNumber: 'Campo obligatorio',
      email: 'Campo obligatorio',
      linkToApp: 'Campo obligatorio',
    });
    expect(problems({ personType: 'N' })).toMatchObject({ firstName: 'Campo obligatorio', lastName: 'Campo obligatorio' });
    expect(problems({})).toMatchObject({ personType: 'Campo obligatorio' });
  });

  it('limits document types by person type and the legal representative to 1, 2 and 6', () => {
    expect(problems({ ...legal, documentTypeId: 1, documentNumber: '71234567' })).toEqual({
      documentTypeId: 'El tipo de documento no es permitido para el tipo de persona.',
    });
    expect(problems({ ...natural, documentTypeId: 6, documentNumber: 'AB12345' })).toEqual({});
    expect(problems({ ...natural, documentTypeId: 3 })).toEqual({ documentTypeId: 'El tipo de documento no es permitido para el tipo de persona.' });
    expect(problems({ ...legal, legalDocumentTypeId: 4 })).toEqual({
      legalDocumentTypeId: 'El tipo de documento del representante legal debe ser cédula de ciudadanía, cédula de extranjería o pasaporte.',
    });
  });

  it('checks document numbers: digits 5 to 15, letters too for passports', () => {
    expect(problems({ ...legal, documentNumber: '1234' })).toEqual({ documentNumber: 'El campo debe ser numérico, mínimo 5 y máximo 15 caracteres.' });
    expect(problems({ ...legal, documentNumber: '9001234567890123' })).toEqual({
      documentNumber: 'El campo debe ser numérico, mínimo 5 y máximo 15 caracteres.',
    });
    expect(problems({ ...legal, documentNumber: '90012345A' })).toEqual({ documentNumber: 'El campo debe ser numérico, mínimo 5 y máximo 15 caracteres.' });
    expect(problems({ ...natural, documentTypeId: 6, documentNumber: 'AB-123' })).toEqual({
      documentNumber: 'El campo debe ser alfanumérico, mínimo 5 y máximo 15 caracteres.',
    });
    expect(problems({ ...legal, legalDocumentTypeId: 6, legalDocumentNumber: 'PA12345' })).toEqual({});
    expect(problems({ ...legal, legalDocumentNumber: 'PA12345' })).toEqual({
      legalDocumentNumber: 'El campo debe ser numérico, mínimo 5 y máximo 15 caracteres.',
    });
  });

  it('checks names, legal name, address, phone and e-mail', () => {
    expect(problems({ ...natural, firstName: 'Jo', lastName: 'Pérez2' })).toEqual({
      firstName: 'El campo debe tener mínimo 3 letras.',
      lastName: 'El campo solo admite letras.',
    });
    expect(problems({ ...natural, firstName: 'a'.repeat(101) })).toEqual({ firstName: 'Máximo 100 caracteres.' });
    expect(problems({ ...legal, legalName: 'Roble <S.A.S>' })).toEqual({ legalName: 'El campo no admite caracteres especiales.' });
    expect(problems({ ...legal, legalName: 'R'.repeat(451) })).toEqual({ legalName: 'Máximo 450 caracteres.' });
    expect(problems({ ...legal, fulladdress: 'Calle 10 @ 43' })).toEqual({
      fulladdress: 'La dirección solo admite letras, números, espacios y los caracteres # - , .',
    });
    expect(problems({ ...legal, fulladdress: 'C'.repeat(301) })).toEqual({ fulladdress: 'Máximo 300 caracteres.' });
    expect(problems({ ...legal, addressAdditionalInformation: 'x'.repeat(101) })).toEqual({ addressAdditionalInformation: 'Máximo 100 caracteres.' });
    expect(problems({ ...legal, cellphoneNumber: '30045' })).toEqual({ cellphoneNumber: 'El teléfono debe tener 7 o 10 dígitos.' });
    expect(problems({ ...legal, cellphoneNumber: '6041234' })).toEqual({});
    expect(problems({ ...legal, email: 'compras@' })).toEqual({ email: 'El correo electrónico no es válido.' });
    expect(problems({ ...legal, email: 'ana@mx.yopmail.com' }, ['yopmail.com'])).toEqual({ email: 'El dominio de correo ingresado no es permitido.' });
  });

  it('needs contract dates, the end after the start, only for biometria', () => {
    expect(problems({ ...legal, linkToApp: 'biometria' })).toEqual({ contractStartDate: 'Campo obligatorio', contractEndDate: 'Campo obligatorio' });
    expect(problems({ ...legal, linkToApp: 'biometria', contractStartDate: '2026-12-01', contractEndDate: '2026-12-01' })).toEqual({
      contractEndDate: 'La fecha debe ser posterior a 01/12/2026',
    });
    expect(problems({ ...legal, linkToApp: 'biometria', contractStartDate: '2026-02-30', contractEndDate: '2027-12-01' })).toEqual({
      contractStartDate: 'Fecha no válida',
    });
    expect(problems({ ...legal, linkToApp: 'biometria', contractStartDate: '2026-12-01', contractEndDate: '2027-11-30' })).toEqual({});
  });
});

describe('companyCheckDigit', () => {
  it('is the NIT check digit for type 4 only, without the spaces typed', () => {
    expect(companyCheckDigit(4, '900 123 456')).toBe('8');
    expect(companyCheckDigit(1, '900123456')).toBeNull();
    expect(companyCheckDigit(4, '90012A')).toBeNull();
  });

  it('shows on the form once the number has more than 5 digits', () => {
    expect(companyCheckDigit(4, '12345', true)).toBeNull();
    expect(companyCheckDigit(4, '123456', true)).toBe(nitCheckDigit('123456'));
  });

  it('strips spaces from document numbers', () => {
    expect(normalizeDocumentNumber(' 900 123\t456 ')).toBe('900123456');
  });
});
