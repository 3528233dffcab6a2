/** The verified caller of a request, built from the access token. */
export interface AuthUser {
  userId: string;
  username: string;
  sessionId: string;
  names: string;
  surnames: string;
  role: string;
  apps: string[];
  privileges: string[];
  customerId?: string;
  customerType?: string;
  customerValue?: string;
}

/** A partner's API client calling with an OAuth client-credentials token. */
export interface PartnerCaller {
  /** The API client's record id. */
  apiClientId: string;
  clientId: string;
  /** The brand it is scoped to. */
  appName: string;
  privileges: string[];
}

export function hasAnyPrivilege(user: Pick<AuthUser, 'privileges'>, required: readonly string[]): boolean {
  return required.length === 0 || required.some((p) => user.privileges.includes(p));
}
