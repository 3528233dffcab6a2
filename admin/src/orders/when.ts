import { LOCALE } from '../i18n/i18nProvider';

const FORMAT = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Bogota' });

/** A moment as Bogotá's wall clock ('dd/MM/yy, HH:mm'), whatever the browser's zone; '—' without one. */
export const when = (iso: string | null | undefined) => (iso ? FORMAT.format(new Date(iso)) : '—');
