import { base } from '../jest.base.js';

/** @type {import('jest').Config} */
export default { ...base, testTimeout: 20000 };
