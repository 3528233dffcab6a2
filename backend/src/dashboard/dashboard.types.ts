import type { components } from '@licencias/common/schema';
import type { FeatureMovementView } from '../licence/licence.types.js';

type Schemas = components['schemas'];
export type DashboardServiceDto = Schemas['DashboardService'];
export type PackageDetailDto = Schemas['PackageDetail'];
export type ContractServiceDetailDto = Schemas['ContractServiceDetail'];
export type ConsumptionHistoryDto = Schemas['ConsumptionHistory'];
export type ContractDetailDto = Schemas['ContractDetail'];
export type ConsumptionSeriesDto = Schemas['ConsumptionSeries'];

/** Which company, service and feature, and which Bogotá days, as the movement filter sends them. */
export interface MovementQuery {
  documentType: number;
  documentNumber: string;
  serviceName: string;
  serviceFeatureCode: string;
  startDate: string | null | undefined;
  endDate: string | null | undefined;
}

/** The customer card above the movements (screen and workbook). */
export type MovementCard = Omit<ConsumptionHistoryDto, 'totalRecords' | 'consumptionDetailHistory'>;

/** What the Excel download writes: the card, the days, and the movements in batches, newest first. */
export interface MovementExport {
  card: MovementCard;
  startDay: string;
  endDay: string;
  batches: AsyncIterable<FeatureMovementView[]>;
}
