import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/sql';
import type { components } from '@licencias/common/schema';
import { declaredContentType, UPLOAD_NAME_MESSAGE, UPLOAD_TYPE_MESSAGE } from '@licencias/common/rules';
import { type AuthUser, hasAnyPrivilege } from '../auth/auth-user.js';
import { BusinessRuleError, ForbiddenError, NotFoundError } from '../errors/errors.js';
import { OrderService } from '../order/order.service.js';
import type { OrderView } from '../order/order.types.js';
import { readUploadedFile } from '../web/uploaded-file.js';
import { PaymentSupportRepository } from './payment-support.repository.js';
import {
  PAYMENT_SUPPORT_MESSAGES,
  PAYMENT_SUPPORT_STORAGE,
  type PaymentSupportContent,
  type PaymentSupportRef,
  type PaymentSupportStorage,
  type SupportType,
} from './payment-support.types.js';

type UploadRequest = components['schemas']['UploadPaymentSupportRequest'];

/** Staff who may read any order's files ('Pagos en efectivo', store §6). */
const PAYMENTS_STAFF = ['PAYMENTS_READ'];
const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/gif': 'gif', 'application/pdf': 'pdf' };

/** The field a refused file names: its name (length, extension) or its content (size, signature). */
function problemField(problem: string, fileName: string): string {
  if (problem === UPLOAD_NAME_MESSAGE || (problem === UPLOAD_TYPE_MESSAGE && !declaredContentType(fileName))) return 'body.fileName';
  return 'body.contentFileBase64';
}

function notAwaiting(): BusinessRuleError {
  return new BusinessRuleError(PAYMENT_SUPPORT_MESSAGES.notAwaiting, [{ field: 'body.referenceUuid', description: PAYMENT_SUPPORT_MESSAGES.notAwaiting }]);
}

/**
 * The cash proof and the RUT of an order (store §2 purchase summary, §4 upload, §5 upload
 * rules): checked by name, size and signature, kept one per order and type (a new upload
 * replaces), stored only while the order awaits its cash proof, read by the order's customer and
 * by payments staff.
 */
@Injectable()
export class PaymentSupportService {
  private readonly logger = new Logger(PaymentSupportService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly supports: PaymentSupportRepository,
    private readonly orders: OrderService,
    @Inject(PAYMENT_SUPPORT_STORAGE) private readonly storage: PaymentSupportStorage,
  ) {}

  /**
   * Stores a file of an order awaiting its cash proof. The bytes are written first under a new
   * key; the row is written with the order locked (a concurrent approval or rejection waits, then
   * sees the file or the refusal), and the replaced bytes are removed after commit.
   */
  async upload(body: UploadRequest, actor: AuthUser | undefined, now = new Date()): Promise<PaymentSupportRef> {
    const read = readUploadedFile(body.fileName, body.contentFileBase64);
    if ('problem' in read) throw new BusinessRuleError(read.problem, [{ field: problemField(read.problem, body.fileName), description: read.problem }]);
    const order = await this.orders.get(body.referenceUuid);
    if (!awaitsProof(order)) throw notAwaiting();

    const key = `${order.id}/${body.supportType}-${randomUUID()}.${EXTENSIONS[read.file.contentType] ?? 'bin'}`;
    await this.storage.put(key, read.file.content);
    let saved: Awaited<ReturnType<PaymentSupportRepository['save']>>;
    try {
      saved = await this.em.transactional(async () => {
        const locked = await this.orders.lock(body.referenceUuid);
        if (!awaitsProof(locked)) throw notAwaiting();
        return this.supports.save(order.id, body.supportType, read.file, key, actor?.username ?? 'tienda', now);
      });
    } catch (error) {
      await this.forget(key);
      throw error;
    }
    if (saved.replacedKey) await this.forget(saved.replacedKey);
    return saved.ref;
  }

  /**
   * A file of an order, for its customer (the companies of `OrderService.ownerCustomerIds`) or
   * payments staff. Anyone else gets 403, also for an order that does not exist (a customer learns
   * nothing of others' orders); staff get 404 for a missing order or file.
   */
  async file(referenceUuid: string, supportType: SupportType, actor: AuthUser): Promise<PaymentSupportContent> {
    const staff = hasAnyPrivilege(actor, PAYMENTS_STAFF);
    let order: OrderView;
    try {
      order = await this.orders.get(referenceUuid);
    } catch (error) {
      if (error instanceof NotFoundError && !staff) throw new ForbiddenError();
      throw error;
    }
    if (!staff) {
      const owners = await this.orders.ownerCustomerIds(referenceUuid);
      if (!actor.customerId || !owners.includes(Number(actor.customerId))) throw new ForbiddenError();
    }
    const row = await this.supports.find(order.id, supportType);
    if (!row) throw new NotFoundError(PAYMENT_SUPPORT_MESSAGES.noFile);
    return { fileName: row.fileName, contentType: row.contentType, content: await this.storage.get(row.storageKey) };
  }

  /** The files of these orders (records only, no bytes): 'Pagos en efectivo' lists them beside each cash purchase. */
  forOrders(purchaseOrderIds: readonly number[]): Promise<PaymentSupportRef[]> {
    return this.supports.forOrders(purchaseOrderIds);
  }

  /** Removes stored bytes nobody refers to; a failure is logged (an orphan file, never a lost one). */
  private async forget(key: string): Promise<void> {
    try {
      await this.storage.remove(key);
    } catch (error) {
      this.logger.warn(`No se pudo borrar el archivo ${key}: ${(error as Error).message}`);
    }
  }
}

function awaitsProof(order: OrderView): boolean {
  return order.state === 'AWAITING_CASH_PROOF';
}
