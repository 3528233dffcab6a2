import polyglotI18nProvider from 'ra-i18n-polyglot';
import spanishMessages from './es';

/** The back office is Spanish only (the specs' screen texts); dates and numbers use es-CO. */
export const LOCALE = 'es-CO';

export const i18nProvider = polyglotI18nProvider(() => spanishMessages, 'es', [{ locale: 'es', name: 'Español' }], { allowMissing: true });
