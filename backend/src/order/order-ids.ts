import { Injectable } from '@nestjs/common';
import { OrderRepository } from './order.repository.js';

/** How many order ids one read of the sequence takes. */
const BLOCK = 32;

/**
 * Order ids taken from the order's sequence ahead of their orders, a block at a time, so that a
 * new order's answer and e-mail (which carry `OC-<id>`) are written by the order's one statement.
 * As with a sequence's own cache, ids may then be committed out of order across instances, and an
 * instance that stops leaves the rest of its block unused.
 */
@Injectable()
export class OrderIds {
  private readonly free: number[] = [];
  private refill?: Promise<void>;

  constructor(private readonly orders: OrderRepository) {}

  async next(): Promise<number> {
    while (this.free.length === 0) {
      this.refill ??= this.orders
        .takeOrderIds(BLOCK)
        .then((ids) => {
          this.free.push(...ids);
        })
        .finally(() => {
          this.refill = undefined;
        });
      await this.refill;
    }
    return this.free.shift() as number;
  }
}
