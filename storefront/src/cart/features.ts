import { formatNumber } from '@licencias/common/format';
import { isUnlimitedFeature } from './package';
import type { CartPackageFeature } from './types';

/** A description after a number reads in lower case ('20 empleados'); acronyms keep theirs. */
function lowerFirst(text: string): string {
  return /^\p{Lu}\p{Ll}/u.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

/**
 * How a feature of a package reads on cards, in the cart and its popover: '20 empleados',
 * 'Almacenamiento de soportes: 5 GB', and 'Firmas electrónicas (Ilimitadas)' when the quantity is
 * 1000000 or the feature is flagged unlimited (§2 Cart modal).
 */
export function featureLabel(feature: CartPackageFeature): string {
  const description = feature.serviceFeature.serviceFeatureDescription.trim();
  if (isUnlimitedFeature(feature)) return `${description} (Ilimitadas)`;
  if (feature.storageType) return `${description}: ${formatNumber(feature.quantity)} ${feature.storageType}`;
  return `${formatNumber(feature.quantity)} ${lowerFirst(description)}`;
}
