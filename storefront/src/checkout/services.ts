import { ApiError, call, publicApi } from '../api';
import { api } from '../api/client';
import { ORDER_MESSAGES } from './order';
import type { CheckoutServices, DocumentTypeInfo, ReferenceData, State } from './types';

const FALLBACK_NAMES: Record<number, string> = {
  1: 'CC - Cédula de ciudadanía',
  2: 'CE - Cédula de extranjería',
  3: 'NUIP - Número único de identificación personal',
  4: 'NIT - Número de identificación tributaria',
  6: 'PA - Pasaporte',
};

function namesOf(types: readonly DocumentTypeInfo[]): Record<number, string> {
  const names: Record<number, string> = { ...FALLBACK_NAMES };
  for (const type of types) names[type.id] = `${type.documentTypeCode} - ${type.description}`;
  return names;
}

async function referenceData(): Promise<ReferenceData> {
  const [states, documentTypes, blacklist] = await Promise.all([
    call(publicApi.GET('/license/api/parameter/GetListStatesAndCities')),
    // The names only label the brand's ids: without them the form still works.
    call(publicApi.GET('/license/api/parameter/GetAllDocumentTypes')).catch((error: unknown) => {
      console.warn(error);
      return undefined;
    }),
    // The server refuses a blocked domain anyway; the list only says so while typing.
    call(publicApi.GET('/mail/api/Mail/emailsInBlackList')).catch((error: unknown) => {
      console.warn(error);
      return undefined;
    }),
  ]);
  const list: State[] = (states.result?.statesList ?? []).map((state) => ({
    id: state.id,
    stateName: state.stateName,
    city: state.city.map((city) => ({ id: city.id, cityName: city.cityName })),
  }));
  return {
    states: list,
    documentTypeNames: namesOf(documentTypes?.result?.records ?? []),
    blockedDomains: (blacklist?.result?.records ?? []).map((rule) => rule.regla),
  };
}

/**
 * The checkout's calls. The calls that may carry a customer's data go with the session (a
 * signed-in customer gets its own record complete); the reference reads without it.
 */
export function createCheckoutServices(): CheckoutServices {
  return {
    referenceData,
    async customerInformation(documentTypeId, documentNumber, appName) {
      try {
        const answer = await call(
          api.POST('/license/api/PurchaseOrderLicense/GetCustomerInformation', {
            body: { DocumentType: documentTypeId, DocumentNumber: documentNumber, AppName: appName },
          }),
        );
        return { kind: 'found', customer: answer.result };
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return { kind: 'notRegistered' };
        console.error(error);
        return { kind: 'unavailable' };
      }
    },
    async lookupCompany(appName, documentTypeId, documentNumber) {
      try {
        const answer = await call(
          api.GET('/license/api/PurchaseOrderLicense/GetRazonSocialByDocTypeAndDoc/{appName}/{docType}/{doc}', {
            params: { path: { appName, docType: documentTypeId, doc: documentNumber } },
          }),
        );
        return answer.result;
      } catch (error) {
        // Unknown (404) or not answered: the buyer types the legal name.
        if (!(error instanceof ApiError && error.status === 404)) console.warn(error);
        return undefined;
      }
    },
    async checkEmail(email, resend, appName) {
      const answer = await call(
        publicApi.GET('/license/api/purchaseorderlicense/checkisvalidemail', {
          params: { header: { pEmail: email, pResendEmail: resend, pAppName: appName } },
        }),
      );
      if (!answer.result) throw new ApiError('Error de servidor', 500);
      return answer.result;
    },
    async registerOrder(request, idempotencyKey) {
      // With the session when there is one: a signed-in customer's order is its own.
      const answer = await call(
        api.POST('/license/api/PurchaseOrderLicense/RegisterPurchaseOrder', { params: { header: { 'Idempotency-Key': idempotencyKey } }, body: request }),
        ORDER_MESSAGES.registerDefault,
      );
      if (!answer.result?.records) throw new ApiError(ORDER_MESSAGES.registerDefault, 500);
      return answer.result.records;
    },
    openPayment(url) {
      window.location.assign(url);
    },
    async validateCode(email, code, appName) {
      try {
        const answer = await call(publicApi.POST('/license/api/purchaseorderlicense/validationmailcode', { body: { email, code, appName } }));
        return { approved: answer.result?.approved === true, message: answer.statusMessage };
      } catch (error) {
        if (error instanceof ApiError && error.status === 422) return { approved: false, message: error.message };
        throw error;
      }
    },
  };
}
