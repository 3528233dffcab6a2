/** What other domains may know of packages besides PackageService: the offer and storage vocabularies. */
export { OFFER_TYPES, type OfferType, type StorageType } from './package.entity.js';
