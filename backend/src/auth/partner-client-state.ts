/** Answers whether a partner API client may still act (not revoked); implemented by the partner module. */
export abstract class PartnerClientState {
  abstract isActive(apiClientId: string): Promise<boolean>;
}
