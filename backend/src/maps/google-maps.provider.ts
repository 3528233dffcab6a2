import type { MapsConfig } from '../config/config.js';
import { MapsProviderError, type MapsProvider, type ProviderPlace, type ProviderSuggestion } from './maps-provider.js';

interface GoogleAutocomplete {
  status?: string;
  predictions?: { place_id?: string; description?: string; structured_formatting?: { main_text?: string; secondary_text?: string } }[];
}

interface GoogleDetails {
  status?: string;
  result?: {
    place_id?: string;
    formatted_address?: string;
    geometry?: { location?: { lat?: number; lng?: number } };
    address_components?: { long_name?: string; short_name?: string; types?: string[] }[];
  };
}

const MAX_SUGGESTIONS = 5;

/**
 * Google Places (the Autocomplete and Place Details web services, JSON), restricted to Colombia
 * (`components=country:co`) in Spanish. The key stays on the server: the browser only ever talks to
 * this application. MAPS_BASE_URL points it elsewhere (tests run a local server speaking the same JSON).
 */
export class GoogleMapsProvider implements MapsProvider {
  readonly enabled = true;

  constructor(private readonly config: MapsConfig & { apiKey: string }) {}

  async suggestions(text: string, session?: string): Promise<ProviderSuggestion[]> {
    const body = await this.call<GoogleAutocomplete>('/maps/api/place/autocomplete/json', {
      input: text,
      components: 'country:co',
      language: 'es',
      ...(session ? { sessiontoken: session } : {}),
    });
    if (body.status === 'ZERO_RESULTS') return [];
    if (body.status !== 'OK') throw new MapsProviderError(`Places Autocomplete answered ${body.status}`);
    return (body.predictions ?? [])
      .filter((p) => p.place_id && p.description)
      .slice(0, MAX_SUGGESTIONS)
      .map((p) => ({
        placeId: p.place_id!,
        description: p.description!,
        mainText: p.structured_formatting?.main_text ?? p.description!,
        secondaryText: p.structured_formatting?.secondary_text ?? '',
      }));
  }

  async place(placeId: string, session?: string): Promise<ProviderPlace | null> {
    const body = await this.call<GoogleDetails>('/maps/api/place/details/json', {
      place_id: placeId,
      fields: 'place_id,formatted_address,geometry/location,address_component',
      language: 'es',
      ...(session ? { sessiontoken: session } : {}),
    });
    if (body.status === 'NOT_FOUND' || body.status === 'INVALID_REQUEST' || body.status === 'ZERO_RESULTS') return null;
    if (body.status !== 'OK') throw new MapsProviderError(`Place Details answered ${body.status}`);
    const result = body.result;
    const lat = result?.geometry?.location?.lat;
    const lng = result?.geometry?.location?.lng;
    if (!result?.formatted_address || typeof lat !== 'number' || typeof lng !== 'number')
      throw new MapsProviderError('Place Details answered without an address or location');
    const component = (type: string) => result.address_components?.find((c) => c.types?.includes(type));
    return {
      placeId: result.place_id ?? placeId,
      fulladdress: result.formatted_address,
      latitude: lat,
      longitude: lng,
      countryCode: component('country')?.short_name?.toUpperCase() ?? null,
      departmentName: component('administrative_area_level_1')?.long_name ?? null,
      cityName: (component('locality') ?? component('administrative_area_level_2'))?.long_name ?? null,
    };
  }

  private async call<T>(path: string, query: Record<string, string>): Promise<T> {
    const url = new URL(path, this.config.baseUrl);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    url.searchParams.set('key', this.config.apiKey);
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(this.config.timeoutMs), headers: { accept: 'application/json' } });
    } catch (error) {
      throw new MapsProviderError(`maps provider unreachable: ${(error as Error).name}`);
    }
    if (!response.ok) throw new MapsProviderError(`maps provider answered HTTP ${response.status}`);
    try {
      return (await response.json()) as T;
    } catch {
      throw new MapsProviderError('maps provider answered something that is not JSON');
    }
  }
}
