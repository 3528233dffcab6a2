import type { Constructor } from '@mikro-orm/core';
import type { Migration } from '@mikro-orm/migrations';
import { Migration20261121101537_initial } from './Migration20261121101537_initial.js';

/** Committed migrations, in order. `npm run migration:create` appends to this list. */
export const MIGRATIONS: { name: string; class: Constructor<Migration> }[] = [
  { name: 'Migration20261121101537_initial', class: Migration20261121101537_initial },
];
