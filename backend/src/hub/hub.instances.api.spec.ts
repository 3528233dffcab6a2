import { HttpTransportType, HubConnectionBuilder, HubConnectionState, LogLevel } from '@microsoft/signalr';
import WebSocket from 'ws';
import { type Instance, startInstance } from '../test-support/instance.js';
import { ApiClient, createTestDatabase } from '../test-support/test-app.js';

const server = process.env.DATABASE_URL;
if (!server) {
  // Straight to stderr: jest's reporter drops the console output of a skipped test file.
  process.stderr.write(
    '\nWARNING: skipping the two-instance session hub test, which needs DATABASE_URL (a PostgreSQL server). Two processes cannot share ' +
      'the embedded database, and @electric-sql/pglite-socket multiplexes its clients onto one backend without routing NOTIFY to the listening one.\n',
  );
}

/**
 * Two backend processes on one PostgreSQL database: a client connected to the first is told
 * when its session is ended through the second (the fan-out goes through LISTEN/NOTIFY).
 */
(server ? describe : describe.skip)('session hub across two instances', () => {
  let database: { url?: string; drop(): Promise<void> };
  let first: Instance | undefined;
  let second: Instance | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    // One after the other: the first applies the migrations and seeds the demo data.
    first = await startInstance(database.url!);
    second = await startInstance(database.url!);
  }, 300_000);

  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    await database?.drop();
  }, 60_000);

  it('tells a client of the first instance that its session was revoked through the second', async () => {
    const apiFirst = new ApiClient(first!.url);
    const apiSecond = new ApiClient(second!.url);
    const { token, refreshToken } = await apiFirst.login('comercial');
    const connection = new HubConnectionBuilder()
      .withUrl(`${first!.url}/api/connections/session`, { transport: HttpTransportType.WebSockets, accessTokenFactory: () => token })
      .configureLogging(LogLevel.None)
      .build();
    const status = new Promise<[string, string]>((resolve) =>
      connection.on('ReceiveSessionStatus', (message: string, reason: string) => resolve([message, reason])),
    );
    const closed = new Promise<Error | undefined>((resolve) => connection.onclose(resolve));
    await connection.start();
    const connectionId = await connection.invoke<string>('GetConnectionId');
    await apiFirst.post('/api/user/validatesession', token).set('connectionId', connectionId).expect(200);

    await apiSecond.put('/api/login/RevokeToken').send({ UserName: 'comercial', RefreshToken: refreshToken, Quantity: 1 }).expect(200);

    await expect(status).resolves.toEqual(['Tu sesión se cerró desde otra ventana o dispositivo. Inicia sesión nuevamente para continuar.', 'LOGOUT']);
    await expect(closed).resolves.toBeUndefined();
    expect(connection.state).toBe(HubConnectionState.Disconnected);
    await apiFirst.post('/api/user/validatesession', token).expect(401);
  }, 60_000);

  it('accepts on one instance a connection negotiated on the other', async () => {
    const { token } = await new ApiClient(first!.url).login('financiero');
    const negotiated = await new ApiClient(second!.url).post('/api/connections/session/negotiate?negotiateVersion=1', token).expect(200);
    const { connectionId, connectionToken } = negotiated.body as { connectionId: string; connectionToken: string };
    const socket = new WebSocket(`${first!.url.replace(/^http/, 'ws')}/api/connections/session?id=${connectionToken}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const records: unknown[] = [];
    const answered = new Promise<void>((resolve, reject) => {
      socket.on('message', (data: Buffer) => {
        records.push(
          ...data
            .toString()
            .split('\x1e')
            .filter(Boolean)
            .map((r) => JSON.parse(r) as unknown),
        );
        if (records.length >= 2) resolve();
      });
      socket.once('error', reject);
    });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    socket.send('{"protocol":"json","version":1}\x1e{"type":1,"invocationId":"1","target":"GetConnectionId","arguments":[]}\x1e');
    await answered;
    expect(records).toEqual([{}, { type: 3, invocationId: '1', result: connectionId }]);
    socket.close();
  }, 60_000);
});
