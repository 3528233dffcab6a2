import { HubConnectionState } from '@microsoft/signalr';
import WebSocket from 'ws';
import { connectHub } from '../test-support/hub-client.js';
import { describeOnServer, useInstances } from '../test-support/instance.js';
import { ApiClient } from '../test-support/test-app.js';

/**
 * Two backend processes on one PostgreSQL database: a client connected to the first is told
 * when its session is ended through the second (the fan-out goes through LISTEN/NOTIFY).
 */
describeOnServer(
  'session hub across two instances',
  {
    what: 'two-instance session hub test',
    why: 'Two processes cannot share the embedded database, and @electric-sql/pglite-socket multiplexes its clients onto one backend without routing NOTIFY to the listening one.',
  },
  () => {
    const instances = useInstances(2);
    const first = () => instances.list[0]!;
    const second = () => instances.list[1]!;

    it('tells a client of the first instance that its session was revoked through the second', async () => {
      const apiFirst = new ApiClient(first().url);
      const apiSecond = new ApiClient(second().url);
      const { token, refreshToken } = await apiFirst.login('comercial');
      const { connection, status, closed } = await connectHub(first().url, token);
      const connectionId = await connection.invoke<string>('GetConnectionId');
      await apiFirst.post('/api/user/validatesession', token).set('connectionId', connectionId).expect(200);

      await apiSecond.put('/api/login/RevokeToken').send({ UserName: 'comercial', RefreshToken: refreshToken, Quantity: 1 }).expect(200);

      await expect(status).resolves.toEqual(['Tu sesión se cerró desde otra ventana o dispositivo. Inicia sesión nuevamente para continuar.', 'LOGOUT']);
      await expect(closed).resolves.toBeUndefined();
      expect(connection.state).toBe(HubConnectionState.Disconnected);
      await apiFirst.post('/api/user/validatesession', token).expect(401);
    }, 60_000);

    it('accepts on one instance a connection negotiated on the other', async () => {
      const { token } = await new ApiClient(first().url).login('financiero');
      const negotiated = await new ApiClient(second().url).post('/api/connections/session/negotiate?negotiateVersion=1', token).expect(200);
      const { connectionId, connectionToken } = negotiated.body as { connectionId: string; connectionToken: string };
      const socket = new WebSocket(`${first().url.replace(/^http/, 'ws')}/api/connections/session?id=${connectionToken}`, {
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
  },
);
