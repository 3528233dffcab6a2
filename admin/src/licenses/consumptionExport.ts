import { fetchWorkbook } from '../workbook/workbook';

/** 'Detalle de consumo' of a company (of one product, when given). */
export function fetchConsumptionDetail(
  customerId: number,
  serviceId: number | null,
  onProgress: (bytes: number) => void,
  signal?: AbortSignal,
): Promise<{ blob: Blob; fileName: string }> {
  const query = new URLSearchParams({ customerId: String(customerId), ...(serviceId === null ? {} : { serviceId: String(serviceId) }) });
  return fetchWorkbook(`/api/v1/consumption-detail?${query}`, onProgress, signal);
}
