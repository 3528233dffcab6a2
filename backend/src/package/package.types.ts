/** What other domains may know of packages besides PackageService: the offer vocabulary. */
export type { OfferType } from './package.entity.js';
