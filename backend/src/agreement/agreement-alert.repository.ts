import { EntityManager } from '@mikro-orm/sql';
import { Injectable } from '@nestjs/common';

/** A sweep's clock in Bogotá: the day it claims, the wall-clock time and the weekday's bit (bit 0 Monday … bit 6 Sunday). */
export interface SweepClock {
  today: string;
  time: string;
  weekdayBit: number;
  now: Date;
}

/** An alert the sweep has just raised, with what its e-mail and its webhook event say. */
export interface RaisedAlert {
  id: number;
  agreementId: number;
  licenceId: number;
  packageCode: string | null;
  packageName: string | null;
  serviceFeatureCode: string;
  threshold: number;
  used: number;
  total: number;
  percentageUsed: string;
  crossedAt: Date;
  recipients: string[];
  contractNumber: string;
  customerName: string;
  documentType: string | null;
  documentNumber: string;
  appName: string | null;
}

export interface AlertRow {
  id: number;
  licenceId: number;
  packageCode: string | null;
  serviceFeatureCode: string;
  threshold: number;
  percentageUsed: string;
  used: number;
  total: number;
  crossedAt: Date;
  sentAt: Date | null;
  recipients: string[];
}

const ids = (list: readonly number[]) => JSON.stringify(list);

/** An alert's row (`from`, a CTE of agreement_alert rows) with its agreement (CTE `a`), customer and brand. */
const detail = (from: string) => `
  select ${from}.id, ${from}.agreement_id, ${from}.licence_id, ${from}.package_code, s.package_name, ${from}.service_feature_code, ${from}.threshold,
         ${from}.used, ${from}.total, ${from}.percentage_used, ${from}.crossed_at, ${from}.recipients, a.contract_number,
         case when c.person_type = 'J' then coalesce(c.legal_name, '') else concat_ws(' ', c.first_name, c.last_name) end as customer_name,
         dt.document_type_code as document_type, c.document_number, sv.app_name
    from ${from} join a on a.id = ${from}.agreement_id
    join agreement_service s on s.id = ${from}.agreement_service_id
    join customer c on c.id = a.customer_id
    left join document_type dt on dt.id = c.document_type_id
    join service sv on sv.id = a.service_id
   order by ${from}.agreement_id, ${from}.id`;

function toRaised(r: Record<string, unknown>): RaisedAlert {
  return {
    id: Number(r.id),
    agreementId: Number(r.agreement_id),
    licenceId: Number(r.licence_id),
    packageCode: (r.package_code as string | null) ?? null,
    packageName: (r.package_name as string | null) ?? null,
    serviceFeatureCode: r.service_feature_code as string,
    threshold: Number(r.threshold),
    used: Number(r.used),
    total: Number(r.total),
    percentageUsed: String(r.percentage_used),
    crossedAt: new Date(r.crossed_at as string | Date),
    recipients: parseJson<string[]>(r.recipients),
    contractNumber: r.contract_number as string,
    customerName: r.customer_name as string,
    documentType: (r.document_type as string | null) ?? null,
    documentNumber: r.document_number as string,
    appName: (r.app_name as string | null) ?? null,
  };
}

/**
 * The alert sweep's statements, set-based over a batch of claimed agreements, all in the caller's
 * transaction (AgreementAlertService.sweep): claim, re-arm, raise, remember the e-mails.
 */
@Injectable()
export class AgreementAlertRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Claims up to `limit` agreements due now: not swept this Bogotá day, delivery time reached,
   * daily or weekly on today's weekday. The claim is the row lock (`skip locked`: another instance
   * takes other agreements) and `alert_swept_on` (an instance that comes later finds it taken).
   */
  async claimDue(clock: SweepClock, limit: number): Promise<number[]> {
    const rows = await this.em.execute<{ id: number }[]>(
      `with due as (
         select id from agreement
          where alert_swept_on is distinct from ?::date and alert_delivery_time <= ?
            and (alert_frequency = 'D' or alert_weekdays & ? <> 0)
          order by id limit ? for update skip locked)
       update agreement a set alert_swept_on = ?::date from due where a.id = due.id returning a.id`,
      [clock.today, clock.time, clock.weekdayBit, limit, clock.today],
    );
    return rows.map((r) => Number(r.id));
  }

  /**
   * Re-arms the bags of these agreements: closes their open alerts whose bag is below the
   * agreement's percentage again, whose total changed (a new grant or adjustment), whose
   * agreement's percentage changed, or that were closed, made unlimited or left the agreement.
   */
  async rearm(agreementIds: readonly number[], now: Date): Promise<number> {
    const rows = await this.em.execute<{ id: number }[]>(
      `update agreement_alert al set open = false, closed_at = ?
         from agreement a, licence_balance b
        where al.open and al.agreement_id in (select jsonb_array_elements_text(?::jsonb)::int)
          and a.id = al.agreement_id and b.id = al.balance_id
          and (b.unlimited or b.closed_at is not null or b.total <> al.total or a.alert_percentage <> al.threshold
               or b.used::bigint * 100 < a.alert_percentage::bigint * b.total
               or not exists (select 1 from agreement_service s where s.id = al.agreement_service_id and s.agreement_id = a.id and s.licence_id = b.licence_id))
        returning al.id`,
      [now, ids(agreementIds)],
    );
    return rows.length;
  }

  /**
   * Raises one alert for each limited, open bag of an active licence of these agreements at or
   * above the percentage that has no open alert (the partial unique index decides between two
   * sweeps), and answers them with what their e-mail and event say.
   */
  async raise(agreementIds: readonly number[], now: Date): Promise<RaisedAlert[]> {
    const rows = await this.em.execute<Record<string, unknown>[]>(
      `with a as (
         select a.id, a.alert_percentage, a.contract_number, a.customer_id, a.service_id,
                (select coalesce(jsonb_agg(distinct e order by e), '[]'::jsonb)
                   from (values (lower(trim(a.supervisor ->> 'email'))), (lower(trim(u.email)))) v(e)
                  where e is not null and e <> '') as recipients
           from agreement a left join app_user u on u.id = a.commercial_manager_id
          where a.id in (select jsonb_array_elements_text(?::jsonb)::int)),
       ins as (
         insert into agreement_alert (agreement_id, agreement_service_id, licence_id, balance_id, package_code, service_feature_code,
                                      threshold, used, total, percentage_used, crossed_at, recipients, mail_ids, open)
         select a.id, s.id, l.id, b.id, s.package_code, f.service_feature_code, a.alert_percentage, b.used, b.total,
                round(b.used * 100.0 / b.total, 2), ?, a.recipients, '[]'::jsonb, true
           from a join agreement_service s on s.agreement_id = a.id
           join licence l on l.id = s.licence_id and l.state = 'ACTIVE'
           join licence_balance b on b.licence_id = l.id
           join service_feature f on f.id = b.service_feature_id
          where not b.unlimited and b.closed_at is null and b.total > 0
            and b.used::bigint * 100 >= a.alert_percentage::bigint * b.total
          order by b.id
         on conflict (balance_id) where open do nothing
         returning *)
       ${detail('ins')}`,
      [ids(agreementIds), now],
    );
    return rows.map(toRaised);
  }

  /** Alerts by id with what their e-mail says (the mail handler's read). */
  async raisedById(alertIds: readonly number[]): Promise<RaisedAlert[]> {
    const rows = await this.em.execute<Record<string, unknown>[]>(
      `with ins as (select * from agreement_alert where id in (select jsonb_array_elements_text(?::jsonb)::int)),
            a as (select id, contract_number, customer_id, service_id from agreement where id in (select agreement_id from ins))
       ${detail('ins')}`,
      [ids(alertIds)],
    );
    return rows.map(toRaised);
  }

  /**
   * Writes events and their deliveries in one statement (what OutboxService.enqueue
   * does one event at a time): an event whose dedupe key exists adds nothing. Answers how many
   * deliveries were added (the caller wakes the workers when there are any).
   */
  async insertEvents(
    events: readonly { type: string; dedupeKey: string; payload: object; deliveries: { handler: string; target: string }[] }[],
  ): Promise<number> {
    if (!events.length) return 0;
    const [row] = await this.em.execute<{ n: string | number }[]>(
      `with x as (select * from jsonb_to_recordset(?::jsonb) as x(type text, dedupe_key text, payload jsonb, deliveries jsonb)),
       ev as (insert into outbox_event (type, dedupe_key, payload) select x.type, x.dedupe_key, x.payload from x
              on conflict (type, dedupe_key) do nothing returning id, type, dedupe_key),
       d as (insert into outbox_delivery (event_id, handler, target)
             select ev.id, d.handler, d.target from ev join x on x.type = ev.type and x.dedupe_key = ev.dedupe_key
               cross join jsonb_to_recordset(x.deliveries) as d(handler text, target text)
             on conflict do nothing returning 1)
       select count(*) as n from d`,
      [JSON.stringify(events.map((e) => ({ type: e.type, dedupe_key: e.dedupeKey, payload: e.payload, deliveries: e.deliveries })))],
    );
    return Number(row?.n ?? 0);
  }

  /** Remembers the messages queued for alerts (one update for the batch). */
  async setMailIds(mails: readonly { alertIds: number[]; mailIds: number[] }[]): Promise<void> {
    const pairs = mails.flatMap((m) => m.alertIds.map((id) => ({ id, mail_ids: m.mailIds })));
    if (!pairs.length) return;
    await this.em.execute(
      `update agreement_alert al set mail_ids = x.mail_ids from jsonb_to_recordset(?::jsonb) as x(id int, mail_ids jsonb) where al.id = x.id`,
      [JSON.stringify(pairs)],
    );
  }

  /** An agreement's alerts, newest first; sent once every message queued for it is SENT. */
  async list(agreementId: number): Promise<AlertRow[]> {
    const rows = await this.em.execute<Record<string, unknown>[]>(
      `select al.id, al.licence_id, al.package_code, al.service_feature_code, al.threshold, al.percentage_used, al.used, al.total,
              al.crossed_at, al.recipients,
              (select case when count(*) > 0 and bool_and(m.state = 'SENT') then max(m.sent_at) end
                 from mail_message m where m.id in (select jsonb_array_elements_text(al.mail_ids)::bigint)) as sent_at
         from agreement_alert al where al.agreement_id = ? order by al.crossed_at desc, al.id desc`,
      [agreementId],
    );
    return rows.map((r) => ({
      id: Number(r.id),
      licenceId: Number(r.licence_id),
      packageCode: (r.package_code as string | null) ?? null,
      serviceFeatureCode: r.service_feature_code as string,
      threshold: Number(r.threshold),
      percentageUsed: String(r.percentage_used),
      used: Number(r.used),
      total: Number(r.total),
      crossedAt: new Date(r.crossed_at as string | Date),
      sentAt: r.sent_at ? new Date(r.sent_at as string | Date) : null,
      recipients: parseJson<string[]>(r.recipients),
    }));
  }
}

function parseJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}
