import type { components } from '@licencias/common/schema';
import { Injectable } from '@nestjs/common';
import { TokenService } from '../auth/token.service.js';
import { OAuthError } from '../errors/errors.js';
import { PasswordService } from '../identity/password.service.js';
import { ApiClientRepository } from './api-client.repository.js';

type TokenRequest = components['schemas']['TokenRequest'];
type TokenResponse = components['schemas']['TokenResponse'];

/** Client credentials sent with HTTP Basic (RFC 6749 §2.3.1: each part form-encoded, then base64). */
export function basicCredentials(header: string | undefined): { clientId: string; clientSecret: string } | undefined {
  const match = header ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header) : null;
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  const part = (text: string) => {
    try {
      return decodeURIComponent(text.replace(/\+/g, ' '));
    } catch {
      return text;
    }
  };
  return { clientId: part(decoded.slice(0, colon)), clientSecret: part(decoded.slice(colon + 1)) };
}

/** The OAuth 2.0 client-credentials grant (RFC 6749 §4.4) for partners' API clients. */
@Injectable()
export class PartnerTokenService {
  constructor(
    private readonly clients: ApiClientRepository,
    private readonly passwords: PasswordService,
    private readonly tokens: TokenService,
  ) {}

  async issue(body: TokenRequest, authorization: string | undefined): Promise<TokenResponse> {
    const basic = authorization !== undefined && /^Basic\b/i.test(authorization);
    if (!body.grant_type) throw new OAuthError('invalid_request', 'Falta el parámetro grant_type');
    if (body.grant_type !== 'client_credentials') throw new OAuthError('unsupported_grant_type', 'Solo se admite grant_type=client_credentials');
    if (basic && (body.client_id !== undefined || body.client_secret !== undefined)) {
      throw new OAuthError('invalid_request', 'El cliente se autentica de una sola forma: HTTP Basic o client_id y client_secret en el cuerpo');
    }
    const credentials = basic
      ? basicCredentials(authorization)
      : body.client_id !== undefined
        ? { clientId: body.client_id, clientSecret: body.client_secret ?? '' }
        : undefined;
    if (!credentials) throw new OAuthError('invalid_client', 'Falta la autenticación del cliente', basic);

    const client = await this.clients.findByClientId(credentials.clientId);
    // The secret is checked even for an unknown client, so timing does not tell which ids exist.
    const secretOk = await this.passwords.verify(client?.secretHash, credentials.clientSecret);
    if (!client || !secretOk || client.revokedAt) throw new OAuthError('invalid_client', 'Cliente API desconocido, revocado o con secreto incorrecto', basic);

    const requested = body.scope?.split(' ').filter(Boolean) ?? [];
    const outside = requested.filter((p) => !client.privileges.includes(p as (typeof client.privileges)[number]));
    if (outside.length) throw new OAuthError('invalid_scope', `El cliente API no tiene: ${outside.join(', ')}`);
    const privileges = requested.length ? [...new Set(requested)].sort() : [...client.privileges];

    const { token, expiresIn } = await this.tokens.signPartnerToken({ apiClientId: client.id, clientId: client.clientId, appName: client.appName, privileges });
    return { access_token: token, token_type: 'Bearer', expires_in: expiresIn, scope: privileges.join(' ') };
  }
}
