import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { PaymentSupportStorage } from './payment-support.types.js';

/** The default storage: a file per key under a directory (PAYMENT_SUPPORT_DIR). */
export class DirectoryStorage implements PaymentSupportStorage {
  constructor(private readonly root: string) {}

  async put(key: string, content: Buffer): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    // Written aside and renamed: a reader never sees half a file.
    const partial = `${path}.${randomUUID()}.part`;
    await writeFile(partial, content, { flag: 'wx' });
    await rename(partial, path);
  }

  get(key: string): Promise<Buffer> {
    return readFile(this.path(key));
  }

  async remove(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  /** The key's file, refusing any key that would leave the root. */
  private path(key: string): string {
    const root = resolve(this.root);
    const path = resolve(join(root, key));
    if (!path.startsWith(root + sep)) throw new Error(`Clave de almacenamiento no válida: ${key}`);
    return path;
  }
}
