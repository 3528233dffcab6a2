/**
 * Who may call each operation, written by hand from the specs' §6 tables (roles and permissions)
 * and the privilege decisions in docs/architecture.md. It is reviewed as a table and is NEVER
 * built from the contract's `x-privileges` or from the seeded matrix: it is what they are
 * checked against (`privileges.api.spec.ts`). Widening or narrowing access in the contract fails
 * that test until this table is changed too, in review.
 *
 * - `public`: anyone, without signing in.
 * - `signed-in`: any open session, customers included.
 * - a list: only those roles; every other role gets 403.
 */
export type Role = 'SUPERADMIN' | 'LICENSECOMERCIAL' | 'LICENSEPROMOCODE' | 'LICFINANCIERO' | 'LICFINANCIEROCONSULTA' | 'CUSTOMER';
export type Access = 'public' | 'signed-in' | readonly Role[];

/** The roles of licences-and-agreements §6 plus the store's customer. */
export const EXPECTED_ROLES: readonly Role[] = ['SUPERADMIN', 'LICENSECOMERCIAL', 'LICENSEPROMOCODE', 'LICFINANCIERO', 'LICFINANCIEROCONSULTA', 'CUSTOMER'];

/** "SUPERADMIN has full access" (catalogue §6, licences §6). */
const ADMIN: readonly Role[] = ['SUPERADMIN'];
/** Every back-office role: staff-wide lookups (architecture: BACKOFFICE). */
const STAFF: readonly Role[] = ['SUPERADMIN', 'LICENSECOMERCIAL', 'LICENSEPROMOCODE', 'LICFINANCIERO', 'LICFINANCIEROCONSULTA'];
/** The configuration menu (catalogue §6: CONFIGURATION; LICENSECOMERCIAL and LICENSEPROMOCODE have it). */
const CONFIGURATION: readonly Role[] = ['SUPERADMIN', 'LICENSECOMERCIAL', 'LICENSEPROMOCODE'];
/** Promo-code create, modify, read and delete (catalogue §6, licences §6). */
const PROMO_CODES: readonly Role[] = ['SUPERADMIN', 'LICENSECOMERCIAL', 'LICENSEPROMOCODE'];
/** Licences (licences §6: SUPERADMIN, LICENSECOMERCIAL and LICFINANCIERO hold "licences"). */
const LICENSES: readonly Role[] = ['SUPERADMIN', 'LICENSECOMERCIAL', 'LICFINANCIERO'];
/** The packages screen: PACKAGES, which only SUPERADMIN holds (catalogue §6). */
const PACKAGES: readonly Role[] = ADMIN;
/** Partners' API clients: created and revoked by the superadmin only (issue 11, "Partners"). */
const API_CLIENTS: readonly Role[] = ADMIN;
/** Payments read (store §6, licences §6: SUPERADMIN, LICFINANCIERO and LICFINANCIEROCONSULTA read payments). */
const PAYMENTS_READERS: readonly Role[] = ['SUPERADMIN', 'LICFINANCIERO', 'LICFINANCIEROCONSULTA'];
/** Approve and reject (store §6: both ApprovePayments and ModifyPayments; SUPERADMIN and LICFINANCIERO, never the read-only role). */
const PAYMENTS_DECIDERS: readonly Role[] = ['SUPERADMIN', 'LICFINANCIERO'];
/** Agreements: list and read (licences §6: LICENSE_FULL_ACCESS, CONTRACT_CREATE or CONTRACT_MODIFY; only SUPERADMIN holds one). */
const AGREEMENTS: readonly Role[] = ['SUPERADMIN'];
/** createContract: LICENSE_FULL_ACCESS or CONTRACT_CREATE (licences §6). */
const AGREEMENT_CREATORS: readonly Role[] = ['SUPERADMIN'];
/** modifyContract: LICENSE_FULL_ACCESS or CONTRACT_MODIFY (licences §6). */
const AGREEMENT_MODIFIERS: readonly Role[] = ['SUPERADMIN'];
/** Reports (catalogue §6: REPORTS; LICFINANCIERO and LICFINANCIEROCONSULTA list reports, and SUPERADMIN has everything). */
const REPORTS: readonly Role[] = ['SUPERADMIN', 'LICFINANCIERO', 'LICFINANCIEROCONSULTA'];
/**
 * Export to Excel in dashboard, payments and reports: LICENSE_FULL_ACCESS or DASHBOARD_EXPORTEXCEL
 * (catalogue §6, licences §6). Issue 25: "financiero ... the Excel opens; consulta can read but not
 * export", so LICFINANCIERO holds DASHBOARD_EXPORTEXCEL and the read-only LICFINANCIEROCONSULTA does not.
 */
const EXCEL: readonly Role[] = ['SUPERADMIN', 'LICFINANCIERO'];
/** Users and the privilege matrix (architecture: USERS_ADMIN, superadmin). */
const USERS_ADMIN: readonly Role[] = ADMIN;

export const EXPECTED_ACCESS: Readonly<Record<string, Access>> = {
  // Sign-in and session (store §7, licences §7): before or without a valid access token.
  authenticate: 'public',
  refreshToken: 'public',
  revokeToken: 'public',
  validateSession: 'signed-in',
  negotiateSessionHub: 'signed-in',
  connectSessionHub: 'signed-in',
  // Architecture: the external-source token is for staff (BACKOFFICE), scoped to those lookups.
  getTokenAdminIbuho: STAFF,
  // RUES opens only to the external-source token of GetTokenAdminIbuho: no API access token reaches it (403), anonymous 401.
  getRues: [],
  // Address autocomplete (store §7 'fulladdress (with map coordinates)', licences §3 'Dirección'):
  // the anonymous buyer's purchase form uses it, so it is public like the store's other lookups
  // (rate-limited per address); the back office's company form uses the same calls.
  getMapsSettings: 'public',
  listAddressSuggestions: 'public',
  getPlace: 'public',

  // Brands, the contract, health: what every page needs before sign-in.
  listBrands: 'public',
  getCurrentBrand: 'public',
  getBrand: 'public',
  getBrandLogo: 'public',
  getBrandFavicon: 'public',
  getDocs: 'public',
  getContractYaml: 'public',
  getHealth: 'public',
  getReadiness: 'public',

  // The store: anonymous visitors browse and buy (store §6), so its lookups are public.
  getAppParameters: 'public',
  getStatesAndCities: 'public',
  getAllDocumentTypes: 'public',
  getParameterByType: 'public',
  getEmailsInBlackList: 'public',
  // Listed with the store's parameter lookups (store §7); reference rows, nothing private.
  getAllRejectTypes: 'public',
  // Served to whom it belongs (issue 8.9): public operation, ownership checked by the handler.
  getPackageOfferImage: 'public',
  // The store's catalogue (store §6: anonymous visitors browse): public; a signed-in customer also
  // gets the private packages offered to its company (checked by the handler, never cached).
  getPackagesByServiceName: 'public',
  getPackagesByServiceNameAndFeatureCode: 'public',
  getPriceByLicenseType: 'public',
  // The cart's base-plan check (store §4): a customer of its own company, staff holding licences of any.
  getPackageBaseCustomer: [...LICENSES, 'CUSTOMER'],
  // A package link opens the cart for anyone who has it (store §2): public; the link is the capability.
  decryptPackage: 'public',
  // The purchase form's named lookup (store §6: anonymous buyers): public, what it shows depends on who asks.
  getRazonSocialByDocTypeAndDoc: 'public',
  // The signed-in customer's locked billing data (store §6): its own company; staff holding licences any.
  getCustomerInformation: [...LICENSES, 'CUSTOMER'],

  // Staff-wide lookups (architecture: BACKOFFICE): audit names, commercial managers by role.
  getUserByNameId: STAFF,
  getUsersByRole: STAFF,

  // Agreements (licences §6): the section opens with LICENSE_FULL_ACCESS, CONTRACT_CREATE or
  // CONTRACT_MODIFY; creating needs FULL_ACCESS or CONTRACT_CREATE, modifying FULL_ACCESS or
  // CONTRACT_MODIFY. Of the §6 roles only SUPERADMIN (LICENSE_FULL_ACCESS) holds any of them.
  listContractsCompat: AGREEMENTS,
  searchContractCompat: AGREEMENTS,
  getContractsCompat: AGREEMENTS,
  getContractCustomerInfo: AGREEMENTS,
  getContractSupervisorInfo: AGREEMENTS,
  getAppParametersContracts: AGREEMENTS,
  listAgreements: AGREEMENTS,
  getAgreement: AGREEMENTS,
  listAgreementAmendments: AGREEMENTS,
  listAgreementAlerts: AGREEMENTS,
  getAgreementContractNumber: AGREEMENTS,
  listAgreementProducts: AGREEMENTS,
  listAgreementProductPackages: AGREEMENTS,
  getAgreementParameters: AGREEMENTS,
  createContractCompat: AGREEMENT_CREATORS,
  createAgreement: AGREEMENT_CREATORS,
  modifyContractCompat: AGREEMENT_MODIFIERS,
  updateAgreementContract: AGREEMENT_MODIFIERS,
  updateAgreementCustomer: AGREEMENT_MODIFIERS,
  updateAgreementSupervisor: AGREEMENT_MODIFIERS,
  updateAgreementServices: AGREEMENT_MODIFIERS,
  updateAgreementAlertOptions: AGREEMENT_MODIFIERS,

  // User administration (architecture: USERS_ADMIN).
  listUsers: USERS_ADMIN,
  getUser: USERS_ADMIN,
  updateUser: USERS_ADMIN,
  listRoles: USERS_ADMIN,
  listPrivileges: USERS_ADMIN,

  // Customers are picked on the packages screen (catalogue §7, private packages) and looked up by
  // the licence screens (licences §7: GetCustomer, GetCustomersLicensed).
  getCustomersPaged: [...new Set([...PACKAGES, ...LICENSES])],
  listCustomers: [...new Set([...PACKAGES, ...LICENSES])],
  // Companies are created and edited on 'Licencias y consumos' ('Nueva empresa', licences §2, §6:
  // the licences privilege); a customer reads its own company (ownership checked by the service).
  getCustomerCompat: [...LICENSES, 'CUSTOMER'],
  getCustomer: [...LICENSES, 'CUSTOMER'],
  setCustomer: LICENSES,
  createCustomer: LICENSES,
  editCustomer: LICENSES,

  // Licences of 'Licencias y consumos' (licences §2, §6, §7: the licences privilege): add a
  // licence, read it, edit its ranges; the resource API reads licences, balances and the ledger.
  addNewCustomerLicense: LICENSES,
  getLicenseInformation: LICENSES,
  setLicenseTransactionRange: LICENSES,
  // 'Ver bolsas' of 'Licencias y consumos' (licences §2, §7 getDetailsLicenseCustomer): the licences privilege.
  getDetailsLicenseCustomer: LICENSES,
  // The companies with licences of 'Licencias y consumos' (licences §2, §7 GetCustomersLicensed).
  getCustomersLicensed: LICENSES,
  // A company's consumptions, read by the licence screens (licences §7 getLicenseUsage).
  getLicenseUsage: LICENSES,
  // Architecture "Colombian taxes": the staff who keep the companies' tax profiles read the rates.
  listTaxParameters: LICENSES,
  listLicences: LICENSES,
  getLicence: LICENSES,
  listLicenceBalances: LICENSES,
  listLicenceMovements: LICENSES,
  // 'Detalle de consumo' of 'Ver bolsas' (licences §2, §6: export to Excel needs LICENSE_FULL_ACCESS
  // or DASHBOARD_EXPORTEXCEL: the superadmin and, since issue 25, LICFINANCIERO).
  exportConsumptionDetail: EXCEL,

  // My Plan on the store (store §2, §6, §7): a signed-in customer reads its own company's plan
  // (ownership checked by the service); staff with the licences privilege read any company's, as
  // they read the company itself (GetCustomer).
  getDetailLicenseCustomerMyPlan: [...LICENSES, 'CUSTOMER'],
  // The employee months of My Plan (store §7): the same readers as the plan itself.
  getDetailLicenseEmployeeMyPlan: [...LICENSES, 'CUSTOMER'],
  setDetailLicenseEmployeeMyPlan: [...LICENSES, 'CUSTOMER'],

  // The packages screen (catalogue §6-7): PACKAGES.
  getPackages: PACKAGES,
  savePackage: PACKAGES,
  updatePackage: PACKAGES,
  activePackage: PACKAGES,
  getCountPackagesByType: PACKAGES,
  getCustomerLinkedPackage: PACKAGES,
  getPromoCodeLinkedPackage: PACKAGES,
  getChannelsLinkedPackage: PACKAGES,
  getFeaturesPackage: PACKAGES,
  getPackagesConfiguration: PACKAGES,
  setFeaturesDependingPackage: PACKAGES,
  listPackages: PACKAGES,
  createPackage: PACKAGES,
  getPackage: PACKAGES,
  editPackage: PACKAGES,
  setPackageState: PACKAGES,
  getPackageConfiguration: PACKAGES,
  setPackageFeatures: PACKAGES,
  // The tiers are part of a package: the packages screen maintains them (catalogue §6).
  getPackagePriceTiers: PACKAGES,
  setPackagePriceTiers: PACKAGES,
  // 'Copiar enlace' is an action of the packages screen.
  createPackageLink: PACKAGES,
  getPackageNextOrder: PACKAGES,
  // Package types and channels: fixed lookup rows the configuration screen also reads.
  getPackagesType: CONFIGURATION,
  getAllChannel: CONFIGURATION,
  listPackageTypes: CONFIGURATION,
  listChannels: CONFIGURATION,
  // The promo-code form picks the packages a code applies to (catalogue §7, promotional codes).
  getPackagesAdditionalDiscount: PROMO_CODES,
  listPackageOptions: PROMO_CODES,

  // Promotional codes (catalogue §6: read, create, modify, delete for the three roles).
  getPromotionalCodes: PROMO_CODES,
  saveNewPromoCode: PROMO_CODES,
  updatePromoCode: PROMO_CODES,
  activePromoCode: PROMO_CODES,
  getTypeUserPromotional: PROMO_CODES,
  getPackagesId: PROMO_CODES,
  listPromoCodes: PROMO_CODES,
  createPromoCode: PROMO_CODES,
  getPromoCode: PROMO_CODES,
  editPromoCode: PROMO_CODES,
  setPromoCodeState: PROMO_CODES,
  listPromoUserTypes: PROMO_CODES,

  // The configuration screen's other tabs: seen with CONFIGURATION (catalogue §6), changed with
  // full access only (the two promo roles get promo-code actions, nothing else).
  getAllServices: CONFIGURATION,
  getAllServiceTypes: CONFIGURATION,
  // Also REPORTS (issue 25): the reports' 'Servicio' filter offers the catalogue's services.
  listServices: STAFF,
  getService: CONFIGURATION,
  listServiceTypes: CONFIGURATION,
  registerService: ADMIN,
  changeStateService: ADMIN,
  createService: ADMIN,
  editService: ADMIN,
  setServiceState: ADMIN,

  getAllFeatureType: CONFIGURATION,
  getAllFeatureTypes: CONFIGURATION,
  listFeatureTypes: CONFIGURATION,
  getFeatureType: CONFIGURATION,
  registerFeatureType: ADMIN,
  changeStateFeatureType: ADMIN,
  createFeatureType: ADMIN,
  editFeatureType: ADMIN,
  setFeatureTypeState: ADMIN,

  getOnlyParentServices: CONFIGURATION,
  getAllServiceFeatures: CONFIGURATION,
  listServiceFeatures: CONFIGURATION,
  getServiceFeature: CONFIGURATION,
  registerServiceFeature: ADMIN,
  changeStateServiceFeature: ADMIN,
  createServiceFeature: ADMIN,
  editServiceFeature: ADMIN,
  setServiceFeatureState: ADMIN,

  // Partners (issue 11, DESIGN "Partners"): the superadmin manages the API clients.
  listApiClients: API_CLIENTS,
  getApiClient: API_CLIENTS,
  createApiClient: API_CLIENTS,
  revokeApiClient: API_CLIENTS,
  // Partner webhooks: subscriptions and their delivery log, the superadmin's as the API clients are (issue 13 item 7).
  listApiClientWebhooks: API_CLIENTS,
  createApiClientWebhook: API_CLIENTS,
  disableApiClientWebhook: API_CLIENTS,
  listWebhookDeliveries: API_CLIENTS,
  // The OAuth token endpoint: API clients authenticate with their own credentials, not a session.
  issuePartnerToken: 'public',
  // The partner API (issue 11 item 4): API clients only (EXPECTED_PARTNER_ACCESS); no staff or customer role.
  createConsumption: [],
  reverseConsumption: [],
  listPartnerBalances: [],
  // Checkout (store §6: anonymous visitors buy; a signed-in customer's session counts when sent).
  validatePromotionCode: 'public',
  registerPurchaseOrder: 'public',
  // Payment gateways post their confirmations server to server (issue 13): no session, the signature authenticates.
  confirmEpaycoPayment: 'public',
  // PagueATiempo's notification: no session, its HMAC signature over the timestamp and body authenticates.
  notifyPagueatiempoPayment: 'public',
  // The purchase summary and its uploads (store §2, §6: anonymous visitors buy in cash): public like the
  // order's e-mailed link, the referenceUuid being the capability.
  getSummaryOrder: 'public',
  uploadPaymentSupport: 'public',
  // A proof or RUT (issue 13 item 4): payments staff (read, approve, modify; store §6) and the order's
  // customer (ownership checked by the service).
  getPaymentSupport: ['SUPERADMIN', 'LICFINANCIERO', 'LICFINANCIEROCONSULTA', 'CUSTOMER'],
  // The free trial is for visitors (store §6): the mailed link proves the e-mail.
  registerIdentityValidation: 'public',
  // The order's payment status page and the sandbox checkout: the buyer may be a visitor; the reference is the secret (store §4).
  getStatusPurchaseOrder: 'public',
  getPaymentCheckout: 'public',
  decideSandboxPayment: 'public',
  // PagueATiempo's hand-off, opened by the buyer (perhaps a visitor) with the signed checkout link.
  startPagueatiempoPayment: 'public',
  // The built-in PagueATiempo emulator (404 in production): its payment/form checks PAGUEATIEMPO_TOKEN, its page the signed form.
  emulatePagueatiempoPaymentForm: 'public',
  getPagueatiempoEmulatorPage: 'public',
  decidePagueatiempoEmulatorPayment: 'public',
  getTrialOffer: 'public',
  requestTrial: 'public',
  activateTrial: 'public',
  getPasswordLinkState: 'public',
  createPasswordFromLink: 'public',
  // E-mail verification of the purchase form (store §4 "On submit", §6: anonymous visitors buy).
  checkIsValidEmail: 'public',
  validationMailCode: 'public',
  // 'Pagos en efectivo' (store §2, §6, §7) and the resource API of payments (issue 13 item 6).
  getPurchaseCashByBatch: PAYMENTS_READERS,
  searchPurchaseCash: PAYMENTS_READERS,
  listPayments: PAYMENTS_READERS,
  getPayment: PAYMENTS_READERS,
  changeStatePurchase: PAYMENTS_DECIDERS,
  approvePayment: PAYMENTS_DECIDERS,
  rejectPayment: PAYMENTS_DECIDERS,
  // The resource API of purchase orders (issue 13 item 6): an order's payments, proofs and decision log are
  // payments data, so those who read payments read them (store §6: SUPERADMIN, LICFINANCIERO, LICFINANCIEROCONSULTA;
  // licences §6 gives LICENSECOMERCIAL and LICENSEPROMOCODE no payments). Partners read them with ORDERS_READ
  // (EXPECTED_PARTNER_ACCESS), only their brand's.
  listOrders: PAYMENTS_READERS,
  getOrder: PAYMENTS_READERS,
  // Export to Excel in payments (licences §6: LICENSE_FULL_ACCESS or DASHBOARD_EXPORTEXCEL).
  exportPayments: EXCEL,
  // The development mailbox (issue 12 item 5: "a development mailbox page in the back office"): superadmin only.
  listMailMessages: ADMIN,
  getMailMessage: ADMIN,
  // Customer dashboards (catalogue §2.4–2.7, §6, issue 24): staff with the licences screen (LICENSES:
  // SUPERADMIN, LICENSECOMERCIAL, LICFINANCIERO) or with reports (REPORTS: also LICFINANCIEROCONSULTA)
  // open any company's; the customer reads its own (CUSTOMER_PORTAL, "the plan and consumptions of
  // its own company"; any other document is a 404 decided by the service). LICENSEPROMOCODE holds neither.
  getDashboardCustomer: [...LICENSES, 'LICFINANCIEROCONSULTA', 'CUSTOMER'],
  getContractedServiceDetails: [...LICENSES, 'LICFINANCIEROCONSULTA', 'CUSTOMER'],
  getConsumptionHistory: [...LICENSES, 'LICFINANCIEROCONSULTA', 'CUSTOMER'],
  getContractDetails: [...LICENSES, 'LICFINANCIEROCONSULTA', 'CUSTOMER'],
  // The movements' Excel (catalogue §6: LICENSE_FULL_ACCESS or DASHBOARD_EXPORTEXCEL, any company),
  // and the customer its own company's (issue 24: "cliente ... downloads the Excel and opens it";
  // CUSTOMER_PORTAL, another company's is the service's 404; decision, architecture.md).
  exportDashboardMovements: [...EXCEL, 'CUSTOMER'],
  // The chart of 'Movimiento del producto': the same readers as the history it sums.
  getConsumptionSeries: [...LICENSES, 'LICFINANCIEROCONSULTA', 'CUSTOMER'],
  // 'Informes' (catalogue §2.3, §6, issue 25): REPORTS reads every report; the consumption report of
  // one company is also its own customer's (CUSTOMER_PORTAL; any other company 404, none 403, decided
  // by the service). The Excel of each: LICENSE_FULL_ACCESS or DASHBOARD_EXPORTEXCEL.
  getConsumptionReport: [...REPORTS, 'CUSTOMER'],
  exportConsumptionReport: EXCEL,
  getServiceManagementReport: REPORTS,
  exportServiceManagementReport: EXCEL,
  getCustomerSupportReport: REPORTS,
  exportCustomerSupportReport: EXCEL,
  getPromoCodeReport: REPORTS,
  exportPromoCodeReport: EXCEL,
  // Partners only (REPORTS_READ below): no person's token opens it.
  getPartnerConsumptionReport: [],
};

/** The privileges of partners' API clients (issue 11 item 4); tokens carry them as OAuth scopes. */
export type PartnerPrivilege = 'BALANCES_READ' | 'CONSUMPTIONS_WRITE' | 'ORDERS_READ' | 'REPORTS_READ';
export const EXPECTED_PARTNER_PRIVILEGES: readonly PartnerPrivilege[] = ['BALANCES_READ', 'CONSUMPTIONS_WRITE', 'ORDERS_READ', 'REPORTS_READ'];

/**
 * The operations an API client's token may call, by the privilege that admits it. Every other
 * operation that needs a caller refuses a partner token with 403, even those open to any signed-in
 * person: partners reach the partner API and nothing else.
 */
export const EXPECTED_PARTNER_ACCESS: Readonly<Record<string, readonly PartnerPrivilege[]>> = {
  createConsumption: ['CONSUMPTIONS_WRITE'],
  reverseConsumption: ['CONSUMPTIONS_WRITE'],
  listPartnerBalances: ['BALANCES_READ'],
  // Issue 13 item 6: the resource API of orders for partners, their brand's orders only (list and detail). The
  // payments' decisions (approvePayment, rejectPayment, changeStatePurchase) and the payments list stay staff-only.
  listOrders: ['ORDERS_READ'],
  getOrder: ['ORDERS_READ'],
  // Issue 25 item 4: a customer's consumption by day, in the client's own brand.
  getPartnerConsumptionReport: ['REPORTS_READ'],
};
