/**
 * The agreement (convenio) rules of licences-and-agreements.md §4, §5 and §9, used by the back
 * office's wizard and edit stepper and by the server that decides (422 with these texts).
 * Calendar days are `yyyy-MM-dd` texts of Bogotá; shown as dd/MM/yyyy.
 */
import { addDays, dayToText, isCalendarDay } from '../dates.js';
import { NIT_DOCUMENT_TYPE } from './company.js';

export const AGREEMENT_MAX = {
  contractNumber: 100,
  quantityDigits: 10,
  validityDigits: 5,
  validityDigitsEcd: 9,
  reassignmentDigits: 5,
  ticketNumber: 20,
  observations: 200,
  fulladdress: 200,
  jobTitle: 100,
} as const;

export const AGREEMENT_MIN_DAY = '2000-01-01';
/** Product kinds of 'Servicios Contratados' (§2): a services form or a device-based (ECD) one. */
export const CONTRACTED_SERVICES_KINDS = ['isComponentServices', 'isComponentECD'] as const;
export type ContractedServicesKind = (typeof CONTRACTED_SERVICES_KINDS)[number];
export const VALIDITY_TYPES = ['D', 'M', 'A'] as const;
export type AgreementValidityType = (typeof VALIDITY_TYPES)[number];
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_NAMES = {
  monday: 'Lunes',
  tuesday: 'Martes',
  wednesday: 'Miércoles',
  thursday: 'Jueves',
  friday: 'Viernes',
  saturday: 'Sábado',
  sunday: 'Domingo',
} as const satisfies Record<Weekday, string>;
/** Device type 1 admits only the delivery type 1; type 2 admits all (§4). */
export const SINGLE_DELIVERY_DEVICE_TYPE = 1;

export const AGREEMENT_MESSAGES = {
  required: 'Campo obligatorio',
  invalidDate: 'Fecha inválida, el formato debe ser dd/MM/yyyy',
  minDate: 'Fecha mínima permitida 01/01/2000',
  maxDate: (day: string) => `Fecha máxima permitida ${dayToText(day)}`,
  endAfter: (day: string) => `La fecha debe ser posterior a ${dayToText(day)}`,
  endAtMost: (day: string) => `La fecha no puede ser mayor a ${dayToText(day)}`,
  contractNumberTaken: 'Número de contrato ya se encuentra registrado.',
  maxLength: (max: number) => `Máximo ${max} caracteres.`,
  nit: 'El NIT debe tener 9 dígitos.',
  invalidNumber: 'Dato inválido',
  duplicateService: 'Ya existe el producto en la lista.',
  bagValidityTitle: 'Vigencia de la bolsa',
  bagValidity: 'Ten en cuenta que la vigencia de la bolsa debe ser menor o igual a la fecha de finalización del contrato.',
  maxValidity: (max: number) => `La cantidad de vigencia no puede ser mayor a ${max}.`,
  maxQuota: (max: number) => `El cupo de reasignación no puede ser mayor a ${max}.`,
  deliveryForDevice: 'El tipo de entrega no es permitido para el tipo de dispositivo.',
  deviceForProduct: 'El tipo de dispositivo no es permitido para el producto.',
  weekday: 'Debes seleccionar al menos un día',
  alphanumericTicket: 'El número del ticket solo admite letras y números.',
  jobTitle: 'El cargo solo admite letras, números y tildes.',
  saved: '¡Convenio guardado!',
  updated: '¡Convenio actualizado!',
  failedTitle: '¡Algo salió mal!',
  notSaved: 'Lo sentimos, el convenio no pudo ser guardado.',
  notUpdatedTitle: 'No se pudo actualizar el convenio',
  notUpdated: 'Se ha presentado un error al actualizar el convenio.',
  staleEdit: 'El convenio fue modificado por otra persona; recarga para ver sus cambios.',
  ended: 'El convenio ya terminó: modificarlo requiere el privilegio de modificar fechas de convenios.',
  productNotAllowed: 'El producto no está entre los que puedes usar en convenios.',
  managerNotAllowed: 'El gestor operativo no es gestor comercial del producto.',
  packageNotInProduct: 'El paquete no pertenece al producto del convenio.',
  unlimitedChange: 'Una bolsa guardada no puede cambiar entre ilimitada y con cantidad.',
  supervisorRequired: 'El producto requiere la información del supervisor.',
  customerDocumentFixed: 'El documento del cliente de un convenio guardado no cambia: sus bolsas son de ese cliente.',
  loadFailed: '¡Lo sentimos! En el momento no es posible obtener esta información, por favor inténtalo más tarde.',
  saveConfirmTitle: 'Guardar convenio',
  saveConfirm: 'Ten en cuenta que una vez este convenio se guarde, no podrá ser modificado.',
  unsavedChanges: 'Se realizaron cambios en el convenio, ¿Deseas guardarlos?',
  ticketTitle: 'Ingresa el Número del ticket',
  deleteService: '¿Quieres eliminar este servicio?',
  serviceDeleted: '¡Servicio eliminado!',
  serviceUpdated: '¡Servicio actualizado!',
} as const;

export interface StartDateRule {
  /** Whether the start may be later than today. */
  isBeyondOneMonth: boolean;
  dateUnit: 'D' | 'M';
  quantity: number;
}

/** The latest start allowed: today, or today plus the configured quantity (§5). */
export function maxStartDay(today: string, rule: StartDateRule): string {
  if (!rule.isBeyondOneMonth) return today;
  if (rule.dateUnit === 'D') return addDays(today, rule.quantity);
  return addCalendarMonths(today, rule.quantity);
}

/** Day plus whole months, the day clamped to the month's last (31/01 + 1 month = 28/02). */
export function addCalendarMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** The end of a validity counted from a day, as a calendar day (the bag ends at its 23:59:59.999). */
export function validityEndDay(start: string, amount: number, type: AgreementValidityType): string {
  if (type === 'D') return addDays(start, amount - 1);
  const end = addCalendarMonths(start, type === 'M' ? amount : amount * 12);
  // Clamped to a shorter month (31/01 + 1 month), the month's last day is the end itself.
  return end.slice(8) < start.slice(8) ? end : addDays(end, -1);
}

export function startDateProblem(start: string | null | undefined, today: string, rule: StartDateRule): string | null {
  if (!start) return AGREEMENT_MESSAGES.required;
  if (!isCalendarDay(start)) return AGREEMENT_MESSAGES.invalidDate;
  if (start < AGREEMENT_MIN_DAY) return AGREEMENT_MESSAGES.minDate;
  const max = maxStartDay(today, rule);
  if (start > max) return AGREEMENT_MESSAGES.maxDate(max);
  return null;
}

/** After the start (and after today when the start is past), at most start plus the maximum years. */
export function endDateProblem(end: string | null | undefined, start: string | null | undefined, maxYears: number): string | null {
  if (!end) return AGREEMENT_MESSAGES.required;
  if (!isCalendarDay(end)) return AGREEMENT_MESSAGES.invalidDate;
  if (!start || !isCalendarDay(start)) return null;
  if (end <= start) return AGREEMENT_MESSAGES.endAfter(start);
  const max = addCalendarMonths(start, maxYears * 12);
  if (end > max) return AGREEMENT_MESSAGES.endAtMost(max);
  return null;
}

export function contractNumberProblem(value: string | null | undefined): string | null {
  const text = value?.trim() ?? '';
  if (!text) return AGREEMENT_MESSAGES.required;
  if (text.length > AGREEMENT_MAX.contractNumber) return AGREEMENT_MESSAGES.maxLength(AGREEMENT_MAX.contractNumber);
  return null;
}

/** A legal person's NIT has exactly 9 digits (§5 'tax-id rule'). */
export function agreementNitProblem(
  personType: string | null | undefined,
  documentTypeId: number | null | undefined,
  documentNumber: string | null | undefined,
): string | null {
  if (personType !== 'J' || documentTypeId !== NIT_DOCUMENT_TYPE) return null;
  return /^\d{9}$/.test((documentNumber ?? '').replace(/\s+/g, '')) ? null : AGREEMENT_MESSAGES.nit;
}

export interface ServiceLine {
  packageCode: string;
  validityType: AgreementValidityType;
  validityPeriod: number;
  /** ECD only: the device code from the parameters. */
  deviceCode?: string | null;
}

/** §3: package code + '_' + validity amount + validity type; ECD adds the device code after the package. */
export function identifierCode(line: ServiceLine): string {
  const validity = `${line.validityPeriod}${line.validityType}`;
  return line.deviceCode ? `${line.packageCode}_${line.deviceCode}_${validity}` : `${line.packageCode}_${validity}`;
}

export interface TicketInput {
  ticketNumber?: string | null;
  observations?: string | null;
}

export function ticketProblems(input: TicketInput): { field: 'ticketNumber' | 'observations'; message: string }[] {
  const problems: { field: 'ticketNumber' | 'observations'; message: string }[] = [];
  const ticket = input.ticketNumber?.trim() ?? '';
  if (!ticket) problems.push({ field: 'ticketNumber', message: AGREEMENT_MESSAGES.required });
  else if (ticket.length > AGREEMENT_MAX.ticketNumber)
    problems.push({ field: 'ticketNumber', message: AGREEMENT_MESSAGES.maxLength(AGREEMENT_MAX.ticketNumber) });
  else if (!/^[A-Za-z0-9]+$/.test(ticket)) problems.push({ field: 'ticketNumber', message: AGREEMENT_MESSAGES.alphanumericTicket });
  const observations = input.observations?.trim() ?? '';
  if (!observations) problems.push({ field: 'observations', message: AGREEMENT_MESSAGES.required });
  else if (observations.length > AGREEMENT_MAX.observations)
    problems.push({ field: 'observations', message: AGREEMENT_MESSAGES.maxLength(AGREEMENT_MAX.observations) });
  return problems;
}

/** The supervisor's position: letters (accents too), digits and spaces, at most 100. */
export function jobTitleProblem(value: string | null | undefined): string | null {
  const text = value?.trim() ?? '';
  if (!text) return null;
  if (text.length > AGREEMENT_MAX.jobTitle) return AGREEMENT_MESSAGES.maxLength(AGREEMENT_MAX.jobTitle);
  return /^[\p{L}\p{N} ]+$/u.test(text) ? null : AGREEMENT_MESSAGES.jobTitle;
}

export interface AlertDays {
  deliveryFrequency: 'D' | 'S' | string;
  monday?: boolean;
  tuesday?: boolean;
  wednesday?: boolean;
  thursday?: boolean;
  friday?: boolean;
  saturday?: boolean;
  sunday?: boolean;
}

/** Weekly needs at least one day ('Debes seleccionar al menos un día'). */
export function alertDaysProblem(options: AlertDays): string | null {
  if (options.deliveryFrequency !== 'S') return null;
  return WEEKDAYS.some((d) => options[d]) ? null : AGREEMENT_MESSAGES.weekday;
}

/** Whether an alert is due on a Bogotá weekday (0 Sunday … 6 Saturday) under these options. */
export function alertDueOn(options: AlertDays, weekday: number): boolean {
  if (options.deliveryFrequency === 'D') return true;
  const key = WEEKDAYS[(weekday + 6) % 7]!;
  return !!options[key];
}

/**
 * The list's edit icon (§2): enabled when the user may modify contracts and either may modify
 * extensions (dates) or the contract's end is not in the past.
 */
export function canEditAgreement(privileges: { modify: boolean; modifyDates: boolean }, contractEndDate: string, today: string): boolean {
  return privileges.modify && (privileges.modifyDates || contractEndDate >= today);
}

/** The product part of a privilege LICENSE_{PRODUCT}_…: a product's name in capitals, no accents or spaces. */
export function productPrivilegeKey(serviceName: string): string {
  return serviceName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase();
}

export function commercialManagerPrivilege(serviceName: string): string {
  return `LICENSE_${productPrivilegeKey(serviceName)}_COMERCIALMANAGER`;
}
