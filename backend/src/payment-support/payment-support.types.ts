/**
 * What other domains may use of payment supports: the cash proof and the RUT a buyer attaches
 * to a cash order (store §3 uploaded file, §9 support types). 'Pagos en efectivo' reads them
 * through PaymentSupportService.forOrders and .file.
 */
export const SUPPORT_TYPES = ['PAYMENT_SUPPORT', 'RUT'] as const;
export type SupportType = (typeof SUPPORT_TYPES)[number];

/** A stored file's record (never its bytes): one per order and support type, the latest upload. */
export interface PaymentSupportRef {
  fileId: number;
  purchaseOrderId: number;
  supportType: SupportType;
  fileName: string;
  contentType: string;
  size: number;
  uploadedAt: Date;
}

/** A stored file with its bytes. */
export interface PaymentSupportContent {
  fileName: string;
  contentType: string;
  content: Buffer;
}

/**
 * Where the bytes live (DESIGN "Integrations": every outside system behind an adapter). The
 * default keeps them in a directory (PAYMENT_SUPPORT_DIR); another store is another class bound
 * to PAYMENT_SUPPORT_STORAGE. Keys are made by the service and never reused.
 */
export interface PaymentSupportStorage {
  put(key: string, content: Buffer): Promise<void>;
  get(key: string): Promise<Buffer>;
  /** Removes the key; a missing key is not an error. */
  remove(key: string): Promise<void>;
}
export const PAYMENT_SUPPORT_STORAGE = Symbol('PAYMENT_SUPPORT_STORAGE');

export const PAYMENT_SUPPORT_MESSAGES = {
  attached: '¡Se ha adjuntado el comprobante!',
  notAwaiting: 'Esta orden de compra no está esperando comprobantes de pago.',
  noFile: 'La orden de compra no tiene ese archivo adjunto.',
} as const;
