import { Migration } from '@mikro-orm/migrations';

// The licence app's defaults before and after commit 9a9495a, frozen here: the seed's art may
// change later, and this migration must keep recognising exactly what the old seed wrote.
const OLD_TITLE = 'Licencias';
const NEW_TITLE = 'Myselfcert';
const OLD_LOGO =
  '<svg xmlns="http://www.w3.org/2000/svg" width="195" height="48" viewBox="0 0 195 48" role="img" aria-label="Licencias"><rect x="2" y="4" width="40" height="40" rx="10" fill="#ef6c00"/><circle cx="36" cy="10" r="6" fill="#37474f"/><text x="22" y="31" font-family="Segoe UI,Roboto,Arial,sans-serif" font-size="17" font-weight="700" fill="#ffffff" text-anchor="middle">LI</text><text x="52" y="32" font-family="Segoe UI,Roboto,Arial,sans-serif" font-size="24" font-weight="600" fill="#1f2933">Licencias</text></svg>';
const NEW_LOGO =
  '<svg xmlns="http://www.w3.org/2000/svg" width="210" height="48" viewBox="0 0 210 48" role="img" aria-label="Myselfcert"><rect x="2" y="4" width="40" height="40" rx="10" fill="#ef6c00"/><circle cx="36" cy="10" r="6" fill="#37474f"/><text x="22" y="31" font-family="Segoe UI,Roboto,Arial,sans-serif" font-size="17" font-weight="700" fill="#ffffff" text-anchor="middle">MC</text><text x="52" y="32" font-family="Segoe UI,Roboto,Arial,sans-serif" font-size="24" font-weight="600" fill="#1f2933">Myselfcert</text></svg>';
const OLD_FAVICON =
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#ef6c00"/><circle cx="52" cy="12" r="8" fill="#37474f"/><text x="32" y="43" font-family="Segoe UI,Roboto,Arial,sans-serif" font-size="28" font-weight="700" fill="#ffffff" text-anchor="middle">LI</text></svg>';
const NEW_FAVICON =
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#ef6c00"/><circle cx="52" cy="12" r="8" fill="#37474f"/><text x="32" y="43" font-family="Segoe UI,Roboto,Arial,sans-serif" font-size="28" font-weight="700" fill="#ffffff" text-anchor="middle">MC</text></svg>';

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * The licence app's brand row, seeded before 9a9495a as 'Licencias' (a third name beside the
 * sub-brands), takes the current default 'Myselfcert'. Brand rows are only inserted when missing,
 * so the seed alone never changes it. Each value moves only while it still holds the old default:
 * a title or art an operator chose stays.
 */
export class Migration20261125165000_license_brand_title extends Migration {
  override name = 'Migration20261125165000_license_brand_title';

  override up(): void | Promise<void> {
    this.addSql(`update "brand" set "title" = ${quote(NEW_TITLE)} where "app_name" = 'license' and "title" = ${quote(OLD_TITLE)};`);
    for (const [key, before, after] of [
      ['logoSvg', OLD_LOGO, NEW_LOGO],
      ['faviconSvg', OLD_FAVICON, NEW_FAVICON],
    ]) {
      this.addSql(
        `update "brand" set "theme" = jsonb_set("theme", '{${key}}', to_jsonb(${quote(after)}::text)) where "app_name" = 'license' and "theme"->>'${key}' = ${quote(before)};`,
      );
    }
  }

  override down(): void | Promise<void> {
    // Nothing to undo: the old title was a defect (a third name for one app), and a row seeded
    // after 9a9495a cannot be told apart from one this migration moved.
  }
}
