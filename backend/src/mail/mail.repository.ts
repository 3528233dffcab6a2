import type { components } from '@licencias/common/schema';
import { EntityManager } from '@mikro-orm/sql';
import { Injectable } from '@nestjs/common';
import { type FilterRules, filterRules, whereOf } from '../database/list-filter.js';
import type { ListQuery, Page } from '../database/list-query.js';
import type { StatementPart } from '../database/statement-part.js';
import { MailMessage } from './mail.entities.js';
import type { MailState } from './mail.types.js';

type MailMessageFilter = components['schemas']['MailMessageFilter'];
export type MailMessageListQuery = ListQuery<components['schemas']['MailMessageSort'][0], MailMessageFilter>;

const FILTERS: FilterRules<MailMessageFilter> = {
  q: filterRules.search(),
  id: filterRules.ids(),
  appName: filterRules.equals('appName', 40),
  // Addresses are stored in lower case.
  to: (value, field) => filterRules.equals('toAddress', 320)(typeof value === 'string' ? value.trim().toLowerCase() : value, field),
  template: filterRules.equals('template', 60),
  state: filterRules.equals('state', 10),
};

export interface NewMail {
  appName: string;
  toAddress: string;
  subject: string;
  html: string;
  text: string;
  template: string;
  dedupeKey: string;
}

export interface MailForDelivery {
  id: number;
  state: MailState;
  toAddress: string;
  subject: string;
  html: string | null;
  text: string | null;
  appName: string;
  createdAt: Date;
}

/** How a delivery left a message. */
export interface MailOutcome {
  state: MailState;
  transport: string;
  providerId?: string | null;
  error?: string | null;
  /** Forget the bodies (sent by SMTP: the mailbox keeps only what it shows). */
  dropBodies?: boolean;
}

@Injectable()
export class MailRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * The insert of a queued message (`returning id`; nothing when its dedupe key was queued
   * already), for a statement that also enqueues it; with `when` (a CTE of that statement), only
   * if that CTE returned a row.
   */
  insertStatement(mail: NewMail, when?: string): { sql: string; params: unknown[] } {
    return {
      sql: `insert into mail_message (app_name, to_address, subject, html, text, template, dedupe_key)
            ${when ? `select ?, ?, ?, ?, ?, ?, ? from ${when}` : 'values (?, ?, ?, ?, ?, ?, ?)'} on conflict (dedupe_key) do nothing returning id`,
      params: [mail.appName, mail.toAddress, mail.subject, mail.html, mail.text, mail.template, mail.dedupeKey],
    };
  }

  /** What a delivery needs of a message, read as a plain row (no entity: the worker reads one per e-mail). */
  async forDelivery(em: EntityManager, id: number): Promise<MailForDelivery | null> {
    return (await this.forDeliveries(em, [id])).get(id) ?? null;
  }

  /** `forDelivery` for several messages in one statement: each id asked for, null when it is gone. */
  async forDeliveries(em: EntityManager, ids: readonly number[]): Promise<Map<number, MailForDelivery | null>> {
    const rows = await em.execute<
      {
        id: string | number;
        state: MailState;
        to_address: string;
        subject: string;
        html: string | null;
        text: string | null;
        app_name: string;
        created_at: Date | string;
      }[]
    >(
      'select id, state, to_address, subject, html, text, app_name, created_at from mail_message where id in (select jsonb_array_elements_text(?::jsonb)::bigint)',
      [JSON.stringify(ids)],
    );
    const found = new Map<number, MailForDelivery | null>(ids.map((id) => [id, null]));
    for (const row of rows) {
      found.set(Number(row.id), {
        id: Number(row.id),
        state: row.state,
        toAddress: row.to_address,
        subject: row.subject,
        html: row.html,
        text: row.text,
        appName: row.app_name,
        createdAt: new Date(row.created_at),
      });
    }
    return found;
  }

  /** Records the outcome of a delivery; `dropBodies` forgets html and text (sent through SMTP). */
  async settle(em: EntityManager, id: number, outcome: MailOutcome) {
    const part = this.settleManyPart([{ id, ...outcome }]);
    await em.execute(`with ${part.ctes} select ${part.select}`, [...part.ctesParams, ...part.selectParams]);
  }

  /** The outcomes of several deliveries as a part of another statement (CTE `mail_settled`): the outbox writes them with "done", `settle` alone. */
  settleManyPart(settles: readonly (MailOutcome & { id: number })[]): StatementPart {
    return {
      ctes: `mail_settled as (
         update mail_message m set state = x.state, transport = x.transport, provider_id = x.provider_id, error = x.error,
                sent_at = case when x.state = 'SENT' then now() else m.sent_at end,
                html = case when x.drop_bodies then null else m.html end, text = case when x.drop_bodies then null else m.text end
           from jsonb_to_recordset(?::jsonb) as x(id bigint, state text, transport text, provider_id text, error text, drop_bodies boolean)
          where m.id = x.id returning 1)`,
      ctesParams: [
        JSON.stringify(
          settles.map((o) => ({
            id: o.id,
            state: o.state,
            transport: o.transport,
            provider_id: o.providerId ?? null,
            error: o.error ?? null,
            drop_bodies: !!o.dropBodies,
          })),
        ),
      ],
      select: '(select count(*) from mail_settled)',
      selectParams: [],
    };
  }

  async list(query: MailMessageListQuery): Promise<Page<MailMessage>> {
    const field = query.sort?.field === 'to' ? 'toAddress' : query.sort?.field;
    const [items, total] = await this.em.findAndCount(MailMessage, whereOf(query.filter, FILTERS), {
      orderBy: field ? { [field]: query.sort!.order.toLowerCase(), id: 'desc' } : { createdAt: 'desc', id: 'desc' },
      offset: query.offset,
      limit: query.limit,
    });
    return { items, total };
  }

  findById(id: number): Promise<MailMessage | null> {
    return this.em.findOne(MailMessage, { id });
  }
}
