import { Body, Controller } from '@nestjs/common';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { envelope } from '../contract/envelope.js';
import { Operation } from '../contract/operation.decorator.js';
import { PathParams } from '../contract/params.decorator.js';
import type { OpBody, OpPath } from '../contract/types.js';
import { invalidField } from '../errors/errors.js';
import { CashPaymentService } from './cash-payment.service.js';
import { CASH_MESSAGES, STATE_OF_ID } from './cash-payment.types.js';

/** Most rows SearchPurchaseCash answers (the screen pages them itself). */
const SEARCH_LIMIT = 1000;

/** The old product's 'Pagos en efectivo' calls (store §7), over the same rules as /api/v1/payments. */
@Controller()
export class CashPaymentCompatController {
  constructor(private readonly payments: CashPaymentService) {}

  @Operation('getPurchaseCashByBatch')
  async byBatch(@Body() body: OpBody<'getPurchaseCashByBatch'>) {
    const page = await this.payments.list({ offset: body.Last, limit: body.NumRows, filter: { state: STATE_OF_ID[body.IdState] } });
    return envelope({ records: page.items, rows: page.total });
  }

  @Operation('searchPurchaseCash')
  async search(@Body() body: OpBody<'searchPurchaseCash'>) {
    const page = await this.payments.list({ offset: 0, limit: SEARCH_LIMIT, filter: { state: STATE_OF_ID[body.IdState], q: body.Search } });
    return envelope({ records: page.items, rows: page.total });
  }

  @Operation('changeStatePurchase')
  async changeState(@PathParams() { id }: OpPath<'changeStatePurchase'>, @Body() body: OpBody<'changeStatePurchase'>, @CurrentUser() actor: AuthUser) {
    if (body.id !== id) invalidField('body.id', CASH_MESSAGES.idMismatch);
    const approve = body.idState === 6;
    const payment = await this.payments.decide(id, { decision: approve ? 'APPROVED' : 'REJECTED', rejectTypeId: body.rejectTypeId }, actor);
    return envelope(payment, approve ? CASH_MESSAGES.approved : CASH_MESSAGES.rejected);
  }
}
