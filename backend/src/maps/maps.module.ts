import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { ReferenceModule } from '../reference/reference.module.js';
import { GoogleMapsProvider } from './google-maps.provider.js';
import { MAPS_PROVIDER, type MapsProvider, NoMapsProvider } from './maps-provider.js';
import { MapsController } from './maps.controller.js';
import { MapsService } from './maps.service.js';

/** Address autocomplete and geocoding behind MapsProvider: Google with MAPS_API_KEY, none otherwise. */
@Module({
  imports: [ReferenceModule],
  controllers: [MapsController],
  providers: [
    MapsService,
    {
      provide: MAPS_PROVIDER,
      inject: [APP_CONFIG],
      useFactory: ({ maps }: AppConfig): MapsProvider =>
        maps.provider === 'GOOGLE' && maps.apiKey ? new GoogleMapsProvider({ ...maps, apiKey: maps.apiKey }) : new NoMapsProvider(),
    },
  ],
})
export class MapsModule {}
