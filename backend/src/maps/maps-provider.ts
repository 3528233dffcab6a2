/** One address the provider suggests for a typed text. */
export interface ProviderSuggestion {
  placeId: string;
  description: string;
  mainText: string;
  secondaryText: string;
}

/** A place's formatted address, coordinates and the names of its department and city as the provider writes them. */
export interface ProviderPlace {
  placeId: string;
  fulladdress: string;
  latitude: number;
  longitude: number;
  /** ISO 3166-1 alpha-2 of the place's country, upper case, when the provider says it. */
  countryCode: string | null;
  departmentName: string | null;
  cityName: string | null;
}

/** The provider answered, but with an error or not in time: the forms fall back to plain text. */
export class MapsProviderError extends Error {}

/**
 * Address autocomplete and geocoding (store §7, licences §3), restricted to Colombia. Replaceable:
 * MAPS_PROVIDER picks the adapter; the default (none) has no suggestions and the forms keep the
 * address as plain text.
 */
export interface MapsProvider {
  readonly enabled: boolean;
  suggestions(text: string, session?: string): Promise<ProviderSuggestion[]>;
  /** null when the provider does not know the place. */
  place(placeId: string, session?: string): Promise<ProviderPlace | null>;
}

export const MAPS_PROVIDER = Symbol('MAPS_PROVIDER');

/** No provider configured: nothing is ever asked of the network. */
export class NoMapsProvider implements MapsProvider {
  readonly enabled = false;
  suggestions(): Promise<ProviderSuggestion[]> {
    return Promise.resolve([]);
  }
  place(): Promise<ProviderPlace | null> {
    return Promise.resolve(null);
  }
}
