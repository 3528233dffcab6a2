import type { AvailabilityLabel } from '@licencias/common/rules';

/**
 * What other domains may use of licences: the inputs and outputs of LicenceService (the store,
 * payments, agreements and partners grant, consume and read balances only through it).
 */
export const LICENCE_ORIGINS = ['ORDER_LINE', 'TRIAL', 'MANUAL', 'AGREEMENT'] as const;
export type LicenceOrigin = (typeof LICENCE_ORIGINS)[number];

/** PENDING: granted but waiting for activation; EXPIRED: closed by the expiry job. */
export const LICENCE_STATES = ['PENDING', 'ACTIVE', 'EXPIRED'] as const;
export type LicenceState = (typeof LICENCE_STATES)[number];

export const MOVEMENT_KINDS = ['GRANT', 'CONSUMPTION', 'REVERSAL', 'EXPIRY', 'ADJUSTMENT'] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

/** H hours, D days, M months, A years, I no end. */
export type ValidityUnit = 'H' | 'D' | 'M' | 'A' | 'I';

export interface SnapshotFeature {
  serviceFeatureId: number;
  serviceFeatureCode: string;
  /** Null when unlimited. */
  quantity: number | null;
  unlimited: boolean;
}

/** The package and features a licence was granted with. */
export interface PackageSnapshot {
  packageCode: string | null;
  packageName: string | null;
  features: SnapshotFeature[];
}

export interface TransactionRangeInput {
  rangeMinimum: number;
  rangeMaximum: number;
  /** Exact decimal: a text or a number with at most 2 decimals. */
  rangePrice: string | number;
}

export interface GrantInput {
  customerId: number;
  serviceId: number;
  /** The package granted; its features are granted unless `features` is given. */
  packageId?: number | null;
  /** Explicit features (quantity null = unlimited); required without a package. */
  features?: { serviceFeatureId: number; quantity: number | null }[];
  origin: LicenceOrigin;
  /** Unique per origin: granting the same reference again answers the licence already granted. */
  originReference: string;
  contractNumber?: string | null;
  /** Default: now. */
  effectiveAt?: Date;
  /** Default: effectiveAt plus the validity, at the end of that Bogotá day. */
  expiresAt?: Date | null;
  /** Default: the package's validity. */
  validity?: { amount: number; unit: ValidityUnit };
  purchaseDate?: Date;
  /** Default ACTIVE. */
  state?: Exclude<LicenceState, 'EXPIRED'>;
  transactionRanges?: TransactionRangeInput[];
  createdBy: string;
}

export interface BalanceFigures {
  /** Null when unlimited. */
  total: number | null;
  used: number;
  /** Null when unlimited. */
  available: number | null;
  unlimited: boolean;
}

export interface TransactionRangeView {
  id: number;
  rangeMinimum: number;
  rangeMaximum: number;
  /** Decimal text, 2 decimals. */
  rangePrice: string;
}

export interface BalanceView extends BalanceFigures {
  id: number;
  licenceId: number;
  serviceFeatureId: number;
  serviceFeatureCode: string;
  expired: number;
  /** 0 to 100, 2 decimals; 0 when unlimited. */
  percentageUsed: number;
  /** 'Baja disponibilidad', 'Sin disponibilidad' or null (one rule in common). */
  availability: AvailabilityLabel | null;
  lastUsedAt: Date | null;
}

export interface LicenceView {
  id: number;
  customerId: number;
  serviceId: number;
  packageId: number | null;
  packageSnapshot: PackageSnapshot;
  origin: LicenceOrigin;
  originReference: string;
  contractNumber: string | null;
  effectiveAt: Date;
  expiresAt: Date | null;
  purchaseDate: Date;
  /** As of the read: past its end a licence is EXPIRED even before the expiry job closes it. */
  state: LicenceState;
  /** The 'Activa' badge (§2): ACTIVE and within its dates. */
  isActive: boolean;
  createdBy: string;
  createdAt: Date;
  transactionRanges: TransactionRangeView[];
  balances: BalanceView[];
}

/** A licence as the order that granted it names it (the order's detail): no ranges, no balances. */
export interface GrantedLicenceView {
  id: number;
  customerId: number;
  originReference: string;
  packageCode: string | null;
  packageName: string | null;
  effectiveAt: Date;
  expiresAt: Date | null;
  /** As of the read (stateAt). */
  state: LicenceState;
  isActive: boolean;
}

export interface ConsumeInput {
  customerId: number;
  serviceFeatureCode: string;
  quantity: number;
  /** Default: now. */
  occurredAt?: Date;
  reference?: string | null;
  createdBy: string;
}

export interface ConsumeResult {
  movementId: number;
  licenceId: number;
  quantity: number;
  /** The range price per unit that applied (decimal text), null when the licence has no ranges. */
  unitPrice: string | null;
  balance: BalanceFigures;
}

export interface ReverseResult {
  movementId: number;
  reversedMovementId: number;
  licenceId: number;
  quantity: number;
  balance: BalanceFigures;
}

export interface BalanceQuery {
  customerId: number;
  serviceFeatureCode?: string;
  /** Also balances of expired or pending licences (default: only active ones). */
  includeInactive?: boolean;
}

export interface MovementView {
  id: number;
  balanceId: number;
  licenceId: number;
  serviceFeatureCode: string;
  kind: MovementKind;
  quantity: number;
  occurredAt: Date;
  recordedAt: Date;
  reference: string | null;
  unitPrice: string | null;
  reversesId: number | null;
  createdBy: string;
}

/** 'Ordenar' of 'Ver bolsas': by product, package and feature, or by the last use. */
export const BAG_SORTS = ['A - Z', 'Z - A', 'newest', 'oldest'] as const;
export type BagSort = (typeof BAG_SORTS)[number];

/** Which bags to read: the company of a licence and/or companies, narrowed to services. */
export interface BagQuery {
  licenceId?: number | null;
  customerIds?: readonly number[];
  serviceIds?: readonly number[];
  sort?: BagSort;
}

/** What a row names: the company, the service and the feature, as people read them. */
export interface CustomerLabel {
  id: number;
  name: string;
  /** 'NIT', 'CC', ... */
  documentType: string | null;
  documentNumber: string;
}

/** A bag (balance) with its licence, company, service and feature: a row of 'Ver bolsas'. */
export interface BagView {
  balance: BalanceView;
  licence: Omit<LicenceView, 'transactionRanges' | 'balances'>;
  customer: CustomerLabel;
  serviceName: string;
  featureName: string;
}

/** The balances a monthly read covers: a customer's licences of a service (not pending) holding some features. */
export interface FeatureUseQuery {
  customerId: number;
  serviceId: number;
  serviceFeatureCodes: readonly string[];
}

/** The use of a month (calendar of Bogotá): consumptions not reversed, counted in the month they occurred. */
export interface MonthUse {
  year: number;
  /** 1 to 12. */
  month: number;
  used: number;
  transactions: number;
}

/** The use of a day with consumptions ('yyyy-MM-dd' in Bogotá). */
export interface DayUse {
  day: string;
  used: number;
  transactions: number;
}

/** One month of the features: what the licences in force held, what was left at its close, its use and its days. */
export interface MonthFigures extends MonthUse {
  /** What the licences in force during the month were granted; null when one is unlimited. */
  total: number | null;
  /** What was left at the close of the month (now, for the month under way); null when unlimited. */
  available: number | null;
  unlimited: boolean;
  days: DayUse[];
}

/** What a company holds of one service: its base licence, last use, balance and licences (§3 Service license). */
export interface ServiceLicenceView {
  serviceId: number;
  serviceName: string;
  /** The base plan: of the non-complementary licences, the current one ending last; without a current one, the last. */
  base: LicenceView;
  lastConsumptionAt: Date | null;
  /** Available units of the limited bags of its active licences, summed. */
  balanceTotalPlans: number;
  hasUnlimitedBalance: boolean;
  licences: LicenceView[];
}

/** A company holding licences and what it holds of each service (GetCustomersLicensed). */
export interface CustomerLicencesView {
  customer: CustomerLabel & { personType: 'J' | 'N'; documentTypeId: number; dv: string | null; email: string | null; legalRepresentativeName: string | null };
  services: ServiceLicenceView[];
}

/** A consumption or reversal of a company, with what a support agent reads of it (getLicenseUsage). */
export interface UsageView {
  id: number;
  kind: 'CONSUMPTION' | 'REVERSAL';
  occurredAt: Date;
  recordedAt: Date;
  licence: Omit<LicenceView, 'transactionRanges' | 'balances' | 'isActive'>;
  serviceName: string;
  serviceFeatureCode: string;
  featureName: string;
  quantity: number;
  /** Decimal texts. */
  unitPrice: string | null;
  totalPrice: string | null;
  reference: string | null;
  createdBy: string;
  reversesId: number | null;
  reversedBy: number | null;
}

/** One row of 'Detalle de consumo' (the company's ledger, exported to Excel). */
export interface ConsumptionDetailRow {
  occurredAt: Date;
  recordedAt: Date;
  serviceName: string;
  packageName: string;
  licenceId: number;
  contractNumber: string | null;
  serviceFeatureCode: string;
  featureName: string;
  kind: MovementKind;
  /** What the movement did to the use: a reversal gives back, so it is negative. */
  quantity: number;
  /** Decimal texts; a reversal's amount is negative, so consumptions and reversals add up. */
  unitPrice: string | null;
  amount: string | null;
  reference: string | null;
  createdBy: string;
}

/** 'Detalle de consumo': whose ledger, and its rows in batches read as they are written. */
export interface ConsumptionDetail {
  customer: CustomerLabel;
  batches: AsyncIterable<ConsumptionDetailRow[]>;
}

/** The dashboard's movement filter: one feature's bags of a company's licences of one service, between two instants. */
export interface FeatureMovementFilter {
  customerId: number;
  serviceId: number;
  featureCode: string;
  from: Date;
  to: Date;
  /** The feature's description when the caller has it (one feature code: every row shares it); else it is read. */
  featureName?: string;
}

/** A period of a use series (the dashboard's chart): its first day, what was consumed and given back, and how many movements. */
export interface UseSeriesRow {
  period: string;
  consumed: number;
  reversed: number;
  movements: number;
}

/** A movement of the dashboard's history; a reversal's quantity is negative (it gives back what was used). */
export interface FeatureMovementView {
  id: number;
  kind: MovementKind;
  serviceFeatureCode: string;
  featureName: string;
  quantity: number;
  occurredAt: Date;
}
