import { HttpTransportType, type HubConnection, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import type { ApiClient, TokenRefresher } from './client.js';

export interface SessionHubOptions {
  baseUrl?: string;
  api: ApiClient;
  refresher: TokenRefresher;
  /** The session ended: show `message` (the server's) and sign out. */
  onSessionEnded: (message: string | undefined, reason: string) => void;
}

export interface SessionHub {
  connectionId?: string;
  stop(): Promise<void>;
}

/**
 * Connects to the session hub with the official SignalR client, asks for the connection id and
 * binds it to the session with validatesession; a 401 there, or ReceiveSessionStatus from the
 * server, ends the session in the app.
 */
export async function connectSessionHub(options: SessionHubOptions): Promise<SessionHub> {
  const connection: HubConnection = new HubConnectionBuilder()
    .withUrl(`${options.baseUrl ?? ''}/api/connections/session`, {
      transport: HttpTransportType.WebSockets,
      accessTokenFactory: async () => (await options.refresher.validToken()) ?? '',
    })
    .withAutomaticReconnect([0, 2000, 5000, 10000, 30000])
    .configureLogging(LogLevel.Warning)
    .build();

  let ended = false;
  const end = (message: string | undefined, reason: string) => {
    if (ended) return;
    ended = true;
    void connection.stop();
    options.onSessionEnded(message, reason);
  };
  connection.on('ReceiveSessionStatus', (message: string, reason: string) => end(message, reason ?? 'ENDED'));

  const bind = async () => {
    const connectionId = await connection.invoke<string>('GetConnectionId');
    const { response } = await options.api.POST('/api/user/validatesession', { params: { header: { connectionId } } });
    if (response.status === 401) end(undefined, 'INVALID');
    return connectionId;
  };
  connection.onreconnected(() => void bind().catch(() => undefined));

  await connection.start();
  const connectionId = await bind();
  return {
    connectionId,
    stop: async () => {
      ended = true;
      await connection.stop();
    },
  };
}
