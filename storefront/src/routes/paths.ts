/**
 * The storefront's routes (licences-and-agreements spec §2; everything not under /admin). Path
 * parameter names are the spec's, `refererenceUuid` included.
 */
export const PATHS = {
  login: '/login',
  myPlan: '/myplan',
  myPlanToken: '/myplan/:token',
  registerPurchaseOrder: '/registerPurchaseOrder',
  statusOrder: '/registerPurchaseOrder/statusOrder/:referenceUuid',
  activatePlan: '/registerPurchaseOrder/activatePlan',
  summaryOrder: '/summaryorder/:refererenceUuid',
  addCartItem: '/license/addCartItem/:idParam',
  viewCartMenu: '/license/viewCartMenu',
  viewCartModal: '/license/viewCartModal/:idParam?/:quantityParam?/:reloadParam?',
  addCart: '/license/addCart/*',
  registerPurchaseExt: '/license/RegisterPurchaseExt',
  reportView: '/license/reports/reportView',
  messageValidationEmail: '/messageValidationEmail',
  /** The free trial '¡Prueba {app} gratis!' and its mailed link (store §2; the route table names none). */
  freeTrial: '/freeTrial',
  freeTrialActivate: '/freeTrial/activate',
  /** The activation e-mail's 'Crea tu contraseña' link for a company the store gave a user (the route table names none). */
  createPassword: '/crear-contrasena',
  /** The brand's landing page built into the store (the demo's landing-page parameter points here). */
  landing: '/inicio',
  /** The store home with all its packages (`/cart/{packageId}` without a package). */
  storeHome: '/cart',
  cart: '/cart/:packageId',
  token: '/:token',
  backOffice: '/admin/*',
} as const;

/** The back office's landing (another application: reached with a full page load). */
export const CONFIGURATIONS_URL = '/admin/configurations';
/** The back office's report view, where /license/reports/reportView lands with its query. */
export const REPORT_VIEW_URL = '/admin/reports/view';

/** Route `handle`: whether the route is guarded (and so keeps the session hub connected). */
export interface RouteHandle {
  guarded?: boolean;
}

export function isGuardedHandle(handle: unknown): boolean {
  return typeof handle === 'object' && handle !== null && (handle as RouteHandle).guarded === true;
}
