import { Migration } from '@mikro-orm/migrations';

export class Migration20261128003000_package_lists_cache extends Migration {
  override name = 'Migration20261128003000_package_lists_cache';

  override up(): void | Promise<void> {
    this.addSql(
      `create or replace function "customer_customer_invalidates_cache_fn"() returns trigger as $$ begin perform pg_notify('app_events', '{"type":"cache.invalidated","topics":["packageLists"]}'); perform set_config('app.stale_cache_topics', coalesce(current_setting('app.stale_cache_topics', true), '') || ',packageLists', true) where position(',packageLists' in coalesce(current_setting('app.stale_cache_topics', true), '')) = 0; return null; end; $$ language plpgsql;`,
    );
    this.addSql(
      `create trigger "customer_invalidates_cache" AFTER INSERT OR UPDATE OR DELETE on "customer" for each STATEMENT execute function "customer_customer_invalidates_cache_fn"();`,
    );

    this.addSql(`drop trigger if exists "package_invalidates_cache" on "package";`);
    this.addSql(`drop function if exists "package_package_invalidates_cache_fn"();`);
    this.addSql(
      `create or replace function "package_package_invalidates_cache_fn"() returns trigger as $$ begin perform pg_notify('app_events', '{"type":"cache.invalidated","topics":["storeCatalogue","packageLists"]}'); perform set_config('app.stale_cache_topics', coalesce(current_setting('app.stale_cache_topics', true), '') || ',storeCatalogue,packageLists', true) where position(',storeCatalogue,packageLists' in coalesce(current_setting('app.stale_cache_topics', true), '')) = 0; return null; end; $$ language plpgsql;`,
    );
    this.addSql(
      `create trigger "package_invalidates_cache" AFTER INSERT OR UPDATE OR DELETE on "package" for each STATEMENT execute function "package_package_invalidates_cache_fn"();`,
    );

    this.addSql(`drop trigger if exists "package_price_tier_invalidates_cache" on "package_price_tier";`);
    this.addSql(`drop function if exists "package_price_tier_package_price_tier_invalidates_cache_fn"();`);
    this.addSql(
      `create or replace function "package_price_tier_package_price_tier_invalidates_cache_fn"() returns trigger as $$ begin perform pg_notify('app_events', '{"type":"cache.invalidated","topics":["storeCatalogue","packageLists"]}'); perform set_config('app.stale_cache_topics', coalesce(current_setting('app.stale_cache_topics', true), '') || ',storeCatalogue,packageLists', true) where position(',storeCatalogue,packageLists' in coalesce(current_setting('app.stale_cache_topics', true), '')) = 0; return null; end; $$ language plpgsql;`,
    );
    this.addSql(
      `create trigger "package_price_tier_invalidates_cache" AFTER INSERT OR UPDATE OR DELETE on "package_price_tier" for each STATEMENT execute function "package_price_tier_package_price_tier_invalidates_cache_fn"();`,
    );

    this.addSql(`drop trigger if exists "package_offer_image_invalidates_cache" on "package_offer_image";`);
    this.addSql(`drop function if exists "package_offer_image_package_offer_image_invalidates_cache_fn"();`);
    this.addSql(
      `create or replace function "package_offer_image_package_offer_image_invalidates_cache_fn"() returns trigger as $$ begin perform pg_notify('app_events', '{"type":"cache.invalidated","topics":["storeCatalogue","packageLists"]}'); perform set_config('app.stale_cache_topics', coalesce(current_setting('app.stale_cache_topics', true), '') || ',storeCatalogue,packageLists', true) where position(',storeCatalogue,packageLists' in coalesce(current_setting('app.stale_cache_topics', true), '')) = 0; return null; end; $$ language plpgsql;`,
    );
    this.addSql(
      `create trigger "package_offer_image_invalidates_cache" AFTER INSERT OR UPDATE OR DELETE on "package_offer_image" for each STATEMENT execute function "package_offer_image_package_offer_image_invalidates_cache_fn"();`,
    );

    this.addSql(`drop trigger if exists "package_customer_invalidates_cache" on "package_customer";`);
    this.addSql(`drop function if exists "package_customer_package_customer_invalidates_cache_fn"();`);
    this.addSql(
      `create or replace function "package_customer_package_customer_invalidates_cache_fn"() returns trigger as $$ begin perform pg_notify('app_events', '{"type":"cache.invalidated","topics":["storeCatalogue","packageLists"]}'); perform set_config('app.stale_cache_topics', coalesce(current_setting('app.stale_cache_topics', true), '') || ',storeCatalogue,packageLists', true) where position(',storeCatalogue,packageLists' in coalesce(current_setting('app.stale_cache_topics', true), '')) = 0; return null; end; $$ language plpgsql;`,
    );
    this.addSql(
      `create trigger "package_customer_invalidates_cache" AFTER INSERT OR UPDATE OR DELETE on "package_customer" for each STATEMENT execute function "package_customer_package_customer_invalidates_cache_fn"();`,
    );

    this.addSql(`drop trigger if exists "package_channel_invalidates_cache" on "package_channel";`);
    this.addSql(`drop function if exists "package_channel_package_channel_invalidates_cache_fn"();`);
    this.addSql(
      `create or replace function "package_channel_package_channel_invalidates_cache_fn"() returns trigger as $$ begin perform pg_notify('app_events', '{"type":"cache.invalidated","topics":["storeCatalogue","packageLists"]}'); perform set_config('app.stale_cache_topics', coalesce(current_setting('app.stale_cache_topics', true), '') || ',storeCatalogue,packageLists', true) where position(',storeCatalogue,packageLists' in coalesce(current_setting('app.stale_cache_topics', true), '')) = 0; return null; end; $$ language plpgsql;`,
    );
    this.addSql(
      `create trigger "package_channel_invalidates_cache" AFTER INSERT OR UPDATE OR DELETE on "package_channel" for each STATEMENT execute function "package_channel_package_channel_invalidates_cache_fn"();`,
    );

    this.addSql(`drop trigger if exists "service_invalidates_cache" on "service";`);
    this.addSql(`drop function if exists "service_service_invalidates_cache_fn"();`);
    this.addSql(
      `create or replace function "service_service_invalidates_cache_fn"() returns trigger as $$ begin perform pg_notify('app_events', '{"type":"cache.invalidated","topics":["storeCatalogue","packageLists"]}'); perform set_config('app.stale_cache_topics', coalesce(current_setting('app.stale_cache_topics', true), '') || ',storeCatalogue,packageLists', true) where position(',storeCatalogue,packageLists' in coalesce(current_setting('app.stale_cache_topics', true), '')) = 0; return null; end; $$ language plpgsql;`,
    );
    this.addSql(
      `create trigger "service_invalidates_cache" AFTER INSERT OR UPDATE OR DELETE on "service" for each STATEMENT execute function "service_service_invalidates_cache_fn"();`,
    );

    this.addSql(`drop trigger if exists "service_feature_invalidates_cache" on "service_feature";`);
    this.addSql(`drop function if exists "service_feature_service_feature_invalidates_cache_fn"();`);
    this.addSql(
      `create or replace function "service_feature_service_feature_invalidates_cache_fn"() returns trigger as $$ begin perform pg_notify('app_events', '{"type":"cache.invalidated","topics":["storeCatalogue","packageLists"]}'); perform set_config('app.stale_cache_topics', coalesce(current_setting('app.stale_cache_topics', true), '') || ',storeCatalogue,packageLists', true) where position(',storeCatalogue,packageLists' in coalesce(current_setting('app.stale_cache_topics', true), '')) = 0; return null; end; $$ language plpgsql;`,
    );
    this.addSql(
      `create trigger "service_feature_invalidates_cache" AFTER INSERT OR UPDATE OR DELETE on "service_feature" for each STATEMENT execute function "service_feature_service_feature_invalidates_cache_fn"();`,
    );

    this.addSql(`drop trigger if exists "package_feature_invalidates_cache" on "package_feature";`);
    this.addSql(`drop function if exists "package_feature_package_feature_invalidates_cache_fn"();`);
    this.addSql(
      `create or replace function "package_feature_package_feature_invalidates_cache_fn"() returns trigger as $$ begin perform pg_notify('app_events', '{"type":"cache.invalidated","topics":["storeCatalogue","packageLists"]}'); perform set_config('app.stale_cache_topics', coalesce(current_setting('app.stale_cache_topics', true), '') || ',storeCatalogue,packageLists', true) where position(',storeCatalogue,packageLists' in coalesce(current_setting('app.stale_cache_topics', true), '')) = 0; return null; end; $$ language plpgsql;`,
    );
    this.addSql(
      `create trigger "package_feature_invalidates_cache" AFTER INSERT OR UPDATE OR DELETE on "package_feature" for each STATEMENT execute function "package_feature_package_feature_invalidates_cache_fn"();`,
    );

    this.addSql(`drop trigger if exists "package_service_invalidates_cache" on "package_service";`);
    this.addSql(`drop function if exists "package_service_package_service_invalidates_cache_fn"();`);
    this.addSql(
      `create or replace function "package_service_package_service_invalidates_cache_fn"() returns trigger as $$ begin perform pg_notify('app_events', '{"type":"cache.invalidated","topics":["storeCatalogue","packageLists"]}'); perform set_config('app.stale_cache_topics', coalesce(current_setting('app.stale_cache_topics', true), '') || ',storeCatalogue,packageLists', true) where position(',storeCatalogue,packageLists' in coalesce(current_setting('app.stale_cache_topics', true), '')) = 0; return null; end; $$ language plpgsql;`,
    );
    this.addSql(
      `create trigger "package_service_invalidates_cache" AFTER INSERT OR UPDATE OR DELETE on "package_service" for each STATEMENT execute function "package_service_package_service_invalidates_cache_fn"();`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists "customer_invalidates_cache" on "customer";`);
    this.addSql(`drop function if exists "customer_customer_invalidates_cache_fn"();`);

    this.addSql(`drop trigger if exists "package_invalidates_cache" on "package";`);
    this.addSql(`drop function if exists "package_package_invalidates_cache_fn"();`);
    this.addSql(
      `create or replace function "package_package_invalidates_cache_fn"() returns trigger as $$ begin perform pg_notify('app_events', '{"type":"cache.invalidated","topics":["storeCatalogue"]}'); return null; end; $$ language plpgsql;`,
    );
    this.addSql(
      `create trigger "package_invalidates_cache" AFTER DELETE OR INSERT OR UPDATE on "package" for each STATEMENT execute function "package_package_invalidates_cache_fn"();`,
    );

    this.addSql(`drop trigger if exists "package_channel_invalidates_cache" on "package_channel";`);
    this.addSql(`drop function if exists "package_channel_package_channel_invalidates_cache_fn"();`);
    this.addSql(
      `create or replace function "package_channel_package_channel_invalidates_cache_fn"() returns trigger as $$ begin perform pg_notify('app_events', '{"type":"cache.invalidated","topics":["storeCatalogue"]}'); return null; end; $$ language plpgsql;`,
    );
    this.addSql(
      `create trigger "package_channel_invalidates_cache" AFTER DELETE OR INSERT OR UPDATE on "package_channel" for each STATEMENT execute function "package_channel_package_channel_invalidates_cache_fn"();`,
    );

    this.addSql(`drop trigger if exists "package_customer_invalidates_cache" on "package_customer";`);
    this.addSql(`drop function if exists "package_customer_package_customer_invalidates_cache_fn"();`);
    this.addSql(
      `create or replace function "package_customer_package_customer_invalidates_cache_fn"() returns trigger as $$ begin perform pg_notify('app_events', '{"type":"cache.invalidated","topics":["storeCatalogue"]}'); return null; end; $$ language plpgsql;`,
    );
    this.addSql(
      `create trigger "package_customer_invalidates_cache" AFTER DELETE OR INSERT OR UPDATE on "package_customer" for each STATEMENT execute function "package_customer_package_customer_invalidates_cache_fn"();`,
    );

    this.addSql(`drop trigger if exists "package_feature_invalidates_cache" on "package_feature";`);
    this.addSql(`drop function if exists "package_feature_package_feature_invalidates_cache_fn"();`);
    this.addSql(
      `create or replace function "package_feature_package_feature_invalidates_cache_fn"() returns trigger as $$ begin perform pg_notify('app_events', '{"type":"cache.invalidated","topics":["storeCatalogue"]}'); return null; end; $$ language plpgsql;`,
    );
    this.addSql(
      `create trigger "package_feature_invalidates_cache" AFTER DELETE OR INSERT OR UPDATE on "package_feature" for each STATEMENT execute function "package_feature_package_feature_invalidates_cache_fn"();`,
    );

    this.addSql(`drop trigger if exists "package_offer_image_invalidates_cache" on "package_offer_image";`);
    this.addSql(`drop function if exists "package_offer_image_package_offer_image_invalidates_cache_fn"();`);
    this.addSql(
      `create or replace function "package_offer_image_package_offer_image_invalidates_cache_fn"() returns trigger as $$ begin perform pg_notify('app_events', '{"type":"cache.invalidated","topics":["storeCatalogue"]}'); return null; end; $$ language plpgsql;`,
    );
    this.addSql(
      `create trigger "package_offer_image_invalidates_cache" AFTER DELETE OR INSERT OR UPDATE on "package_offer_image" for each STATEMENT execute function "package_offer_image_package_offer_image_invalidates_cache_fn"();`,
    );

    this.addSql(`drop trigger if exists "package_price_tier_invalidates_cache" on "package_price_tier";`);
    this.addSql(`drop function if exists "package_price_tier_package_price_tier_invalidates_cache_fn"();`);
    this.addSql(
      `create or replace function "package_price_tier_package_price_tier_invalidates_cache_fn"() returns trigger as $$ begin perform pg_notify('app_events', '{"type":"cache.invalidated","topics":["storeCatalogue"]}'); return null; end; $$ language plpgsql;`,
    );
    this.addSql(
      `create trigger "package_price_tier_invalidates_cache" AFTER DELETE OR INSERT OR UPDATE on "package_price_tier" for each STATEMENT execute function "package_price_tier_package_price_tier_invalidates_cache_fn"();`,
    );

    this.addSql(`drop trigger if exists "package_service_invalidates_cache" on "package_service";`);
    this.addSql(`drop function if exists "package_service_package_service_invalidates_cache_fn"();`);
    this.addSql(
      `create or replace function "package_service_package_service_invalidates_cache_fn"() returns trigger as $$ begin perform pg_notify('app_events', '{"type":"cache.invalidated","topics":["storeCatalogue"]}'); return null; end; $$ language plpgsql;`,
    );
    this.addSql(
      `create trigger "package_service_invalidates_cache" AFTER DELETE OR INSERT OR UPDATE on "package_service" for each STATEMENT execute function "package_service_package_service_invalidates_cache_fn"();`,
    );

    this.addSql(`drop trigger if exists "service_invalidates_cache" on "service";`);
    this.addSql(`drop function if exists "service_service_invalidates_cache_fn"();`);
    this.addSql(
      `create or replace function "service_service_invalidates_cache_fn"() returns trigger as $$ begin perform pg_notify('app_events', '{"type":"cache.invalidated","topics":["storeCatalogue"]}'); return null; end; $$ language plpgsql;`,
    );
    this.addSql(
      `create trigger "service_invalidates_cache" AFTER DELETE OR INSERT OR UPDATE on "service" for each STATEMENT execute function "service_service_invalidates_cache_fn"();`,
    );

    this.addSql(`drop trigger if exists "service_feature_invalidates_cache" on "service_feature";`);
    this.addSql(`drop function if exists "service_feature_service_feature_invalidates_cache_fn"();`);
    this.addSql(
      `create or replace function "service_feature_service_feature_invalidates_cache_fn"() returns trigger as $$ begin perform pg_notify('app_events', '{"type":"cache.invalidated","topics":["storeCatalogue"]}'); return null; end; $$ language plpgsql;`,
    );
    this.addSql(
      `create trigger "service_feature_invalidates_cache" AFTER DELETE OR INSERT OR UPDATE on "service_feature" for each STATEMENT execute function "service_feature_service_feature_invalidates_cache_fn"();`,
    );
  }
}
