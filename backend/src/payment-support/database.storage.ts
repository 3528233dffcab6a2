import { EntityManager } from '@mikro-orm/sql';
import type { PaymentSupportStorage } from './payment-support.types.js';

/**
 * The storage in PostgreSQL (`payment_support_content`, bytea): every instance reads what any
 * instance stored, so several instances can serve one database (PAYMENT_SUPPORT_STORAGE=database).
 */
export class DatabaseStorage implements PaymentSupportStorage {
  constructor(private readonly em: EntityManager) {}

  async put(key: string, content: Buffer): Promise<void> {
    await this.em.execute(`insert into payment_support_content (storage_key, content, created_at) values (?, ?, now())`, [key, content]);
  }

  async get(key: string): Promise<Buffer> {
    const [row] = await this.em.execute<{ content: Buffer | Uint8Array }[]>(`select content from payment_support_content where storage_key = ?`, [key]);
    if (!row) throw new Error(`No hay contenido guardado con la clave ${key}`);
    return Buffer.from(row.content);
  }

  async remove(key: string): Promise<void> {
    await this.em.execute(`delete from payment_support_content where storage_key = ?`, [key]);
  }
}
