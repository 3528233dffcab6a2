import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { Brand } from '../reference/reference.entities.js';
import { MAIL_STATES } from './mail.types.js';

/**
 * An e-mail the application sent or will send: written by MailService.send in the caller's
 * transaction, delivered after commit by the outbox. With the development mailbox (no SMTP_URL)
 * this table is the mailbox; with SMTP it is the delivery log, and the bodies are dropped once the
 * server accepted them (they may hold codes and links).
 */
export const MailMessage = defineEntity({
  name: 'MailMessage',
  tableName: 'mail_message',
  indexes: [{ name: 'mail_message_to_index', properties: ['toAddress', 'createdAt'] }],
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    appName: () => p.manyToOne(Brand).mapToPk().fieldName('app_name').updateRule('cascade'),
    toAddress: p.string().length(320),
    subject: p.string().length(300),
    html: p.text().nullable(),
    text: p.text().nullable(),
    /** What kind of message (`email-verification`, `order-placed`, ...). */
    template: p.string().length(60),
    /** A message is sent once per key (unique); a second send with it is a no-op. */
    dedupeKey: p.string().length(200).unique('mail_message_dedupe_unique'),
    state: p.enum(MAIL_STATES).default('QUEUED'),
    /** `mailbox` or `smtp`: how it was delivered. */
    transport: p.string().length(10).nullable(),
    /** The SMTP server's message id. */
    providerId: p.string().length(300).nullable(),
    error: p.text().nullable(),
    createdAt: p.datetime().defaultRaw('now()').index(),
    sentAt: p.datetime().nullable(),
    /** Recipient and subject without accents, lower-case: what `q` searches. */
    searchText: p.text().generated(`(immutable_unaccent(lower("to_address" || ' ' || "subject"))) stored`).nullable().lazy().hidden(),
  },
});
export type MailMessage = InferEntity<typeof MailMessage>;

/**
 * A buyer's e-mail for one brand (store §4, on submit): verified once for good, or waiting for the
 * code last sent. The code is kept only as an HMAC (a 6-digit code is guessed offline from a plain
 * hash in milliseconds); wrong tries are counted on the row, locked while a code is checked.
 */
export const EmailVerification = defineEntity({
  name: 'EmailVerification',
  tableName: 'email_verification',
  properties: {
    email: p.string().length(100).primary(),
    appName: () => p.manyToOne(Brand).mapToPk().primary().fieldName('app_name').updateRule('cascade'),
    codeHash: p.string().length(64).nullable(),
    codeExpiresAt: p.datetime().nullable(),
    failedTries: p.integer().default(0),
    verifiedAt: p.datetime().nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
  },
});
export type EmailVerification = InferEntity<typeof EmailVerification>;

/** One code sent: what the sending throttle counts (per e-mail and per client address). */
export const EmailCodeSend = defineEntity({
  name: 'EmailCodeSend',
  tableName: 'email_code_send',
  indexes: [
    { name: 'email_code_send_email_index', properties: ['email', 'sentAt'] },
    { name: 'email_code_send_address_index', properties: ['address', 'sentAt'] },
  ],
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    email: p.string().length(100),
    appName: () => p.manyToOne(Brand).mapToPk().fieldName('app_name').updateRule('cascade'),
    /** The client's address (an IPv6 client by its /64). */
    address: p.string().length(50),
    sentAt: p.datetime().defaultRaw('now()'),
  },
});
export type EmailCodeSend = InferEntity<typeof EmailCodeSend>;

export const MAIL_ENTITIES = [MailMessage, EmailVerification, EmailCodeSend];
