import { base } from '../jest.base.js';

/** @type {import('jest').Config} */
export default { ...base, testTimeout: 60000, globalSetup: '<rootDir>/test-support/global-setup.ts' };
