/** Quiet, in-memory defaults for every test process unless the caller chose otherwise. */
export default function globalSetup(): void {
  process.env.NODE_ENV ??= 'test';
  process.env.LOG_LEVEL ??= 'error';
}
