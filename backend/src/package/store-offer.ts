import { bogotaDay, parseBusinessDate } from '@licencias/common/dates';
import { type OfferTerms, offerInForce } from './package-pricing.js';

const DAY = 86_400_000;
/** An offer ending further ahead than this is shown ending at the next quarter start (store §9). */
export const SHOWN_OFFER_HORIZON_DAYS = 90;

/** The quarter starts of a Bogotá year as the store shows them: 1 April, 1 July, 1 October and 31 December 23:59:59. */
function quarterEnds(year: number): Date[] {
  return [`${year}-04-01`, `${year}-07-01`, `${year}-10-01`, `${year}-12-31T23:59:59`].map((text) => parseBusinessDate(text) as Date);
}

/** The first quarter boundary (as the store shows them) after `now`, Bogotá time. */
export function nextQuarterEnd(now: Date): Date {
  const year = Number(bogotaDay(now).slice(0, 4));
  return [...quarterEnds(year), ...quarterEnds(year + 1)].find((end) => end.getTime() > now.getTime()) as Date;
}

/**
 * The end the store shows for an offer expiring at `expiration` (store §9): more than 90 days
 * ahead, the next quarter boundary (never later than the real end); otherwise the real end.
 */
export function shownOfferEnd(expiration: Date, now: Date): Date {
  if (expiration.getTime() - now.getTime() <= SHOWN_OFFER_HORIZON_DAYS * DAY) return expiration;
  const quarter = nextQuarterEnd(now);
  return quarter.getTime() < expiration.getTime() ? quarter : expiration;
}

/**
 * The next instant after `now` at which what the store shows of this offer changes by itself: it
 * starts, it ends, its shown end moves to the next quarter, or it comes within 90 days and shows
 * its real end. Undefined when nothing will change.
 */
export function nextOfferChange(offer: OfferTerms, now: Date): number | undefined {
  if (!offer.applyOffer) return undefined;
  const t = now.getTime();
  const start = offer.offerStartTime.getTime();
  const end = offer.offerExpirationTime.getTime();
  if (t < start) return start;
  if (!offerInForce(offer, now)) return undefined;
  // In force up to and including its expiration instant.
  const changes = [end + 1];
  const horizon = end - SHOWN_OFFER_HORIZON_DAYS * DAY;
  if (t < horizon) changes.push(horizon, nextQuarterEnd(now).getTime());
  return Math.min(...changes.filter((c) => c > t));
}
