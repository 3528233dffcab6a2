export * from './availability.js';
export * from './company.js';
export * from './email-blacklist.js';
export * from './licence-ranges.js';
export * from './nit.js';
export * from './parameter-value.js';
export * from './purchase-form.js';
export * from './upload.js';
