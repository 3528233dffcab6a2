import { HttpTransportType, type HubConnection, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import type { ApiClient, TokenRefresher } from './client.js';

export interface SessionHubOptions {
  baseUrl?: string;
  api: ApiClient;
  refresher: TokenRefresher;
  /** The session ended: show `message` (the server's) and sign out. */
  onSessionEnded: (message: string | undefined, reason: string) => void;
  /**
   * The connection closed for good without the session ending (automatic reconnection gave up,
   * or the server went away): the app may connect again later. Not called after `stop()`.
   */
  onClosed?: (error?: Error) => void;
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
  connection.onclose((error) => {
    if (!ended) options.onClosed?.(error);
  });

  await connection.start();
  let connectionId: string;
  try {
    connectionId = await bind();
  } catch (error) {
    // Not bound to the session: do not leave an open connection behind.
    ended = true;
    await connection.stop();
    throw error;
  }
  return {
    connectionId,
    stop: async () => {
      ended = true;
      await connection.stop();
    },
  };
}
