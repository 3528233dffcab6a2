import { Inject, Injectable, Logger } from '@nestjs/common';
import type { components } from '@licencias/common/schema';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { NotFoundError, ServiceUnavailableError, TooManyRequestsError } from '../errors/errors.js';
import { ReferenceService } from '../reference/reference.service.js';
import { MAPS_PROVIDER, MapsProviderError, type MapsProvider, type ProviderPlace } from './maps-provider.js';

type Place = components['schemas']['Place'];

export const MAPS_MESSAGES = {
  disabled: 'El autocompletado de direcciones no está disponible.',
  unavailable: 'El servicio de mapas no respondió. Escribe la dirección.',
  unknownPlace: 'La dirección elegida no existe o no está en Colombia.',
  tooMany: (seconds: number) => `Demasiadas consultas de direcciones. Intenta de nuevo en ${seconds} segundos.`,
} as const;

const WINDOW_MS = 60_000;
/** Addresses tracked at most; beyond it the oldest windows are dropped (they would have expired). */
const MAX_TRACKED = 10_000;

/** Lower case, no accents, no punctuation, no 'D.C.': how DANE's names and the provider's are compared. */
export function placeName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\bd\.?\s*c\.?(?=\s|$)/g, ' ')
    .replace(/^(departamento|depto\.?)\s+(de|del)\s+/, '')
    .replace(/[^a-z0-9ñ ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Address suggestions and their coordinates for the store's purchase form and the company form. */
@Injectable()
export class MapsService {
  private readonly log = new Logger('Maps');
  /** Per client address: start of its one-minute window and the calls in it (this instance only). */
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    @Inject(MAPS_PROVIDER) private readonly provider: MapsProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly reference: ReferenceService,
  ) {}

  settings() {
    return { enabled: this.provider.enabled, country: 'co' as const };
  }

  async suggestions(text: string, session: string | undefined, client: string) {
    this.admit(client);
    try {
      return { suggestions: await this.provider.suggestions(text, session) };
    } catch (error) {
      throw this.unavailable(error);
    }
  }

  async place(placeId: string, session: string | undefined, client: string): Promise<Place> {
    this.admit(client);
    let place: ProviderPlace | null;
    try {
      place = await this.provider.place(placeId, session);
    } catch (error) {
      throw this.unavailable(error);
    }
    if (!place || (place.countryCode !== null && place.countryCode !== 'CO')) throw new NotFoundError(MAPS_MESSAGES.unknownPlace);
    const { departmentId, cityId } = await this.daneMatch(place.departmentName, place.cityName);
    return {
      placeId: place.placeId,
      fulladdress: place.fulladdress.slice(0, 200),
      latitude: place.latitude,
      longitude: place.longitude,
      departmentId,
      cityId,
    };
  }

  /** The DANE department and city whose names match the provider's (the city only inside its department). */
  private async daneMatch(departmentName: string | null, cityName: string | null) {
    const none = { departmentId: null, cityId: null };
    if (!departmentName) return none;
    const { statesList } = await this.reference.statesAndCities();
    const wanted = placeName(departmentName);
    const department = statesList.find((d) => placeName(d.stateName) === wanted);
    if (!department) return none;
    const city = cityName ? department.city.find((c) => placeName(c.cityName) === placeName(cityName)) : undefined;
    return { departmentId: department.id, cityId: city?.id ?? null };
  }

  /** 404 without a provider; 429 past MAPS_REQUESTS_PER_MINUTE calls from one client address in a minute. */
  private admit(client: string): void {
    if (!this.provider.enabled) throw new NotFoundError(MAPS_MESSAGES.disabled);
    const now = Date.now();
    let window = this.windows.get(client);
    if (!window || now - window.start >= WINDOW_MS) {
      if (this.windows.size >= MAX_TRACKED) this.forgetExpired(now);
      window = { start: now, count: 0 };
      this.windows.set(client, window);
    }
    if (window.count >= this.config.maps.requestsPerMinute) {
      const wait = Math.max(1, Math.ceil((window.start + WINDOW_MS - now) / 1000));
      throw new TooManyRequestsError(MAPS_MESSAGES.tooMany(wait), wait);
    }
    window.count++;
  }

  private forgetExpired(now: number): void {
    for (const [key, window] of this.windows) if (now - window.start >= WINDOW_MS) this.windows.delete(key);
    // Still full (a flood of distinct addresses): drop the oldest half rather than grow without bound.
    if (this.windows.size >= MAX_TRACKED) for (const key of [...this.windows.keys()].slice(0, MAX_TRACKED / 2)) this.windows.delete(key);
  }

  private unavailable(error: unknown): Error {
    if (!(error instanceof MapsProviderError)) return error as Error;
    this.log.warn(`maps provider failed: ${error.message}`);
    return new ServiceUnavailableError(MAPS_MESSAGES.unavailable);
  }
}
