import { HttpTransportType, type HubConnection, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';

export interface HubClient {
  connection: HubConnection;
  /** Resolves with the arguments of the first ReceiveSessionStatus. */
  status: Promise<[string, string]>;
  /** Resolves when the connection closes. */
  closed: Promise<Error | undefined>;
}

/** A connection to the session hub of `baseUrl` as the back office opens it (WebSockets only, token factory), not started. */
export function hubConnection(baseUrl: string, token: string): HubConnection {
  return new HubConnectionBuilder()
    .withUrl(`${baseUrl}/api/connections/session`, { transport: HttpTransportType.WebSockets, accessTokenFactory: () => token })
    .configureLogging(LogLevel.None)
    .build();
}

/** The official SignalR client connected to the session hub, listening for the status message and the close. */
export async function connectHub(baseUrl: string, token: string): Promise<HubClient> {
  const connection = hubConnection(baseUrl, token);
  const status = new Promise<[string, string]>((resolve) =>
    connection.on('ReceiveSessionStatus', (message: string, reason: string) => resolve([message, reason])),
  );
  const closed = new Promise<Error | undefined>((resolve) => connection.onclose(resolve));
  await connection.start();
  return { connection, status, closed };
}
