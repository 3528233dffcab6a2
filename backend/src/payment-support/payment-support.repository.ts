import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/sql';
import type { UploadedFile } from '../web/uploaded-file.js';
import { PaymentSupport } from './payment-support.entities.js';
import type { PaymentSupportRef, SupportType } from './payment-support.types.js';

function toRef(row: PaymentSupport): PaymentSupportRef {
  return {
    fileId: row.id,
    purchaseOrderId: row.purchaseOrderId,
    supportType: row.supportType,
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.size,
    uploadedAt: row.uploadedAt,
  };
}

/** The data access of payment supports (metadata; the bytes are the storage adapter's). */
@Injectable()
export class PaymentSupportRepository {
  constructor(private readonly em: EntityManager) {}

  async find(purchaseOrderId: number, supportType: SupportType): Promise<(PaymentSupportRef & { storageKey: string }) | null> {
    const row = await this.em.findOne(PaymentSupport, { purchaseOrderId, supportType });
    return row ? { ...toRef(row), storageKey: row.storageKey } : null;
  }

  async forOrders(purchaseOrderIds: readonly number[]): Promise<PaymentSupportRef[]> {
    if (!purchaseOrderIds.length) return [];
    const rows = await this.em.find(
      PaymentSupport,
      { purchaseOrderId: { $in: [...purchaseOrderIds] } },
      { orderBy: { purchaseOrderId: 'asc', supportType: 'asc' } },
    );
    return rows.map(toRef);
  }

  /**
   * Writes the order's file of that type, replacing the one before (one statement on the unique
   * pair). Call it with the order locked: the key it answers as replaced is then the one this
   * write overwrote.
   */
  async save(
    purchaseOrderId: number,
    supportType: SupportType,
    file: UploadedFile,
    storageKey: string,
    uploadedBy: string,
    at: Date,
  ): Promise<{ ref: PaymentSupportRef; replacedKey: string | null }> {
    const before = await this.find(purchaseOrderId, supportType);
    const [row] = await this.em.execute<{ id: number }[]>(
      `insert into payment_support (purchase_order_id, support_type, file_name, content_type, size, sha256, storage_key, uploaded_by, uploaded_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?)
       on conflict on constraint payment_support_order_type_unique do update set file_name = excluded.file_name, content_type = excluded.content_type,
         size = excluded.size, sha256 = excluded.sha256, storage_key = excluded.storage_key, uploaded_by = excluded.uploaded_by, uploaded_at = excluded.uploaded_at
       returning id`,
      [purchaseOrderId, supportType, file.fileName, file.contentType, file.content.length, file.sha256, storageKey, uploadedBy, at],
    );
    return {
      ref: {
        fileId: Number(row?.id),
        purchaseOrderId,
        supportType,
        fileName: file.fileName,
        contentType: file.contentType,
        size: file.content.length,
        uploadedAt: at,
      },
      replacedKey: before?.storageKey ?? null,
    };
  }
}
