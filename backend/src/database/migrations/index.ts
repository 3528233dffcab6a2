import type { Constructor } from '@mikro-orm/core';
import type { Migration } from '@mikro-orm/migrations';
import { Migration20261129011205_order_search_text } from './Migration20261129011205_order_search_text.js';
import { Migration20261129004238_order_list_indexes } from './Migration20261129004238_order_list_indexes.js';
import { Migration20261128011600_payment_support_content } from './Migration20261128011600_payment_support_content.js';
import { Migration20261129012500_pagueatiempo_confirmation } from './Migration20261129012500_pagueatiempo_confirmation.js';
import { Migration20261127233850_payment_support } from './Migration20261127233850_payment_support.js';
import { Migration20261128000500_trial_request } from './Migration20261128000500_trial_request.js';
import { Migration20261128003000_package_lists_cache } from './Migration20261128003000_package_lists_cache.js';
import { Migration20261128010000_webhooks } from './Migration20261128010000_webhooks.js';
import { Migration20261127220237_order_key_created_at } from './Migration20261127220237_order_key_created_at.js';
import { Migration20261127220629_payment_confirmation } from './Migration20261127220629_payment_confirmation.js';
import { Migration20261128011500_cash_payment_decision } from './Migration20261128011500_cash_payment_decision.js';
import { Migration20261127213435_order_customer_code } from './Migration20261127213435_order_customer_code.js';
import { Migration20261127203033_tax_parameters } from './Migration20261127203033_tax_parameters.js';
import { Migration20261127203524_orders } from './Migration20261127203524_orders.js';
import { Migration20261127205500_customer_tax_profile } from './Migration20261127205500_customer_tax_profile.js';
import { Migration20261127213500_tax_parameter_append_only } from './Migration20261127213500_tax_parameter_append_only.js';
import { Migration20261126001800_mail } from './Migration20261126001800_mail.js';
import { Migration20261125232652_outbox } from './Migration20261125232652_outbox.js';
import { Migration20261125235139_partner_idempotency_keys } from './Migration20261125235139_partner_idempotency_keys.js';
import { Migration20261126001000_store_catalogue } from './Migration20261126001000_store_catalogue.js';
import { Migration20261125174713_licence_search } from './Migration20261125174713_licence_search.js';
import { Migration20261125165129_licence } from './Migration20261125165129_licence.js';
import { Migration20261123153930_feature_type_search } from './Migration20261123153930_feature_type_search.js';
import { Migration20261121104047_catalogue } from './Migration20261121104047_catalogue.js';
import { Migration20261121101537_initial } from './Migration20261121101537_initial.js';
import { Migration20261125140500_refresh_successor } from './Migration20261125140500_refresh_successor.js';
import { Migration20261125145000_hub_connection_opened } from './Migration20261125145000_hub_connection_opened.js';
import { Migration20261125171000_api_clients } from './Migration20261125171000_api_clients.js';
import { Migration20261125181000_partner_consumptions } from './Migration20261125181000_partner_consumptions.js';
import { Migration20261121112500_planner_costs } from './Migration20261121112500_planner_costs.js';
import { Migration20261125165000_license_brand_title } from './Migration20261125165000_license_brand_title.js';

/** Committed migrations, in order. `npm run migration:create` appends to this list. */
export const MIGRATIONS: { name: string; class: Constructor<Migration> }[] = [
  { name: 'Migration20261121101537_initial', class: Migration20261121101537_initial },
  { name: 'Migration20261121104047_catalogue', class: Migration20261121104047_catalogue },
  { name: 'Migration20261121112500_planner_costs', class: Migration20261121112500_planner_costs },
  { name: 'Migration20261123153930_feature_type_search', class: Migration20261123153930_feature_type_search },
  { name: 'Migration20261125140500_refresh_successor', class: Migration20261125140500_refresh_successor },
  { name: 'Migration20261125145000_hub_connection_opened', class: Migration20261125145000_hub_connection_opened },
  { name: 'Migration20261125165000_license_brand_title', class: Migration20261125165000_license_brand_title },
  { name: 'Migration20261125165129_licence', class: Migration20261125165129_licence },
  { name: 'Migration20261125171000_api_clients', class: Migration20261125171000_api_clients },
  { name: 'Migration20261125174713_licence_search', class: Migration20261125174713_licence_search },
  { name: 'Migration20261125181000_partner_consumptions', class: Migration20261125181000_partner_consumptions },
  { name: 'Migration20261125232652_outbox', class: Migration20261125232652_outbox },
  { name: 'Migration20261125235139_partner_idempotency_keys', class: Migration20261125235139_partner_idempotency_keys },
  { name: 'Migration20261126001000_store_catalogue', class: Migration20261126001000_store_catalogue },
  { name: 'Migration20261126001800_mail', class: Migration20261126001800_mail },
  { name: 'Migration20261127203033_tax_parameters', class: Migration20261127203033_tax_parameters },
  { name: 'Migration20261127203524_orders', class: Migration20261127203524_orders },
  { name: 'Migration20261127205500_customer_tax_profile', class: Migration20261127205500_customer_tax_profile },
  { name: 'Migration20261127213435_order_customer_code', class: Migration20261127213435_order_customer_code },
  { name: 'Migration20261127213500_tax_parameter_append_only', class: Migration20261127213500_tax_parameter_append_only },
  { name: 'Migration20261127220237_order_key_created_at', class: Migration20261127220237_order_key_created_at },
  { name: 'Migration20261127220629_payment_confirmation', class: Migration20261127220629_payment_confirmation },
  { name: 'Migration20261127233850_payment_support', class: Migration20261127233850_payment_support },
  { name: 'Migration20261128000500_trial_request', class: Migration20261128000500_trial_request },
  { name: 'Migration20261128003000_package_lists_cache', class: Migration20261128003000_package_lists_cache },
  { name: 'Migration20261128010000_webhooks', class: Migration20261128010000_webhooks },
  { name: 'Migration20261128011500_cash_payment_decision', class: Migration20261128011500_cash_payment_decision },
  { name: 'Migration20261128011600_payment_support_content', class: Migration20261128011600_payment_support_content },
  { name: 'Migration20261129004238_order_list_indexes', class: Migration20261129004238_order_list_indexes },
  { name: 'Migration20261129011205_order_search_text', class: Migration20261129011205_order_search_text },
  { name: 'Migration20261129012500_pagueatiempo_confirmation', class: Migration20261129012500_pagueatiempo_confirmation },
];
