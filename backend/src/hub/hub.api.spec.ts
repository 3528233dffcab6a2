import { HubConnectionState } from '@microsoft/signalr';
import { MikroORM } from '@mikro-orm/sql';
import WebSocket from 'ws';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SessionEndReason } from '../events/events.js';
import { createAccounts } from '../test-support/factories.js';
import { useTestApp } from '../test-support/fixture.js';
import { connectHub, type HubClient, hubConnection } from '../test-support/hub-client.js';
import { startTestApp } from '../test-support/test-app.js';
import { SessionService } from '../identity/session.service.js';

/** A raw WebSocket upgrade: resolves with the open socket or the refused status and body. */
function upgrade(url: string, headers: Record<string, string> = {}): Promise<{ socket?: WebSocket; status?: number; body?: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.once('open', () => resolve({ socket }));
    socket.once('unexpected-response', (_req, res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode, body: text ? JSON.parse(text) : undefined }));
    });
    socket.once('error', (error) => reject(error));
  });
}

/** Collects the records a raw socket receives. */
function recorder(socket: WebSocket) {
  const records: unknown[] = [];
  const waiters: (() => void)[] = [];
  socket.on('message', (data: Buffer) => {
    for (const record of data.toString().split('\x1e').filter(Boolean)) records.push(JSON.parse(record));
    for (const wake of waiters.splice(0)) wake();
  });
  return {
    records,
    async until(count: number): Promise<unknown[]> {
      while (records.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
      return records;
    },
  };
}

/** What the windows of an ended session are told, as the spec words it. */
const SESSION_END_TEXT: Record<SessionEndReason, string> = {
  LOGOUT: 'Tu sesión se cerró desde otra ventana o dispositivo. Inicia sesión nuevamente para continuar.',
  REVOKED: 'Tu sesión fue revocada. Inicia sesión nuevamente para continuar.',
  REFRESH_REUSE: 'Por seguridad cerramos tu sesión: detectamos el uso de una credencial ya utilizada. Inicia sesión nuevamente.',
  USER_DISABLED: 'Tu usuario fue deshabilitado. Comunícate con el administrador.',
  PRIVILEGES_CHANGED: 'Tus permisos cambiaron. Inicia sesión nuevamente para continuar.',
};

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sub: string; sid: string };
const subjectOf = (token: string): string => claimsOf(token).sub;

/** The cap the hub tests run with. */
const MAX_PER_SESSION = 3;

describe('session hub', () => {
  // No reuse interval: a rotated refresh token presented again ends its session at once.
  const t = useTestApp({ REFRESH_REUSE_INTERVAL: '0', HUB_MAX_CONNECTIONS_PER_SESSION: String(MAX_PER_SESSION) });
  let wsUrl: string;

  beforeAll(async () => {
    wsUrl = t.url.replace(/^http/, 'ws');
    await createAccounts(t);
  });

  const negotiate = async (token: string) => {
    const res = await t.api.post('/api/connections/session/negotiate?negotiateVersion=1', token).expect(200);
    return res.body as { connectionId: string; connectionToken: string };
  };

  /** A superadmin's edit of the user the token belongs to. */
  const editUser = (adminToken: string, token: string, change: object) =>
    t.api
      .put(`/api/v1/users/${subjectOf(token)}`, adminToken)
      .send(change)
      .expect(200);

  const expectSessionEnded = async (client: HubClient, reason: SessionEndReason) => {
    await expect(client.status).resolves.toEqual([SESSION_END_TEXT[reason], reason]);
    await expect(client.closed).resolves.toBeUndefined();
    expect(client.connection.state).toBe(HubConnectionState.Disconnected);
  };

  describe('negotiate', () => {
    it('answers version 1 with a connection token and the WebSockets transport', async () => {
      const { token } = await t.api.login('comercial');
      const body = await negotiate(token);
      expect(body).toEqual({
        connectionId: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
        connectionToken: expect.stringMatching(new RegExp(`^${body.connectionId}\\.`)),
        negotiateVersion: 1,
        availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text', 'Binary'] }],
      });
      expect(body.connectionToken.length).toBeLessThanOrEqual(64);
    });

    it('answers version 0 clients with the token as their connection id', async () => {
      const { token } = await t.api.login('comercial');
      const res = await t.api.post('/api/connections/session/negotiate', token).expect(200);
      expect(res.body.negotiateVersion).toBe(0);
      expect(res.body.connectionToken).toBeUndefined();
      expect(res.body.connectionId).toMatch(/^[A-Za-z0-9_-]{22}\./);
    });

    it('needs a session', async () => {
      await t.api.post('/api/connections/session/negotiate?negotiateVersion=1').expect(401);
      await t.api.post('/api/connections/session/negotiate?negotiateVersion=1', 'not-a-token').expect(401);
    });
  });

  it('answers a plain GET of the hub path with 400', async () => {
    const { token } = await t.api.login('comercial');
    const { connectionToken } = await negotiate(token);
    const res = await t.api.get(`/api/connections/session?id=${connectionToken}`, token).expect(400);
    expect(res.body.statusDetails).toEqual([expect.objectContaining({ field: 'header.upgrade' })]);
  });

  describe('with the official SignalR client', () => {
    it('returns the connection id, which validatesession binds to the session', async () => {
      const { token } = await t.api.login('comercial');
      const client = await connectHub(t.url, token);
      try {
        const connectionId = await client.connection.invoke<string>('GetConnectionId');
        expect(connectionId).toBe(client.connection.connectionId);
        const res = await t.api.post('/api/user/validatesession', token).set('connectionId', connectionId).expect(200);
        expect(res.body.result).toEqual({ valid: true, connectionId });
        const em = t.app.get(MikroORM).em.fork();
        const rows = await em.execute<{ session_id: string }[]>('select session_id from hub_connection where connection_id = ?', [connectionId]);
        expect(rows).toHaveLength(1);
        await expect(client.connection.invoke('NoSuchMethod')).rejects.toThrow(/Unknown hub method 'NoSuchMethod'/);
      } finally {
        await client.connection.stop();
      }
    });

    it('binds only a connection opened by the same session; invented ids and other sessions get 404', async () => {
      const mine = await t.api.login('comercial');
      const other = await t.api.login('comercial');
      const client = await connectHub(t.url, mine.token);
      try {
        const connectionId = await client.connection.invoke<string>('GetConnectionId');
        const refused = await t.api.post('/api/user/validatesession', other.token).set('connectionId', connectionId).expect(404);
        expect(refused.body.statusMessage).toBe('La conexión no existe o no pertenece a esta sesión.');
        await t.api.post('/api/user/validatesession', other.token).set('connectionId', 'inventada-123').expect(404);
        const em = t.app.get(MikroORM).em.fork();
        const rows = await em.execute<{ session_id: string }[]>('select session_id from hub_connection where connection_id = ?', [connectionId]);
        expect(rows.map((r) => r.session_id)).toEqual([claimsOf(mine.token).sid]);
        // So the other session's end does not reach this connection, and its own end does.
        await t.api.put('/api/login/RevokeToken').send({ UserName: 'comercial', RefreshToken: other.refreshToken, Quantity: 1 }).expect(200);
        expect(await client.connection.invoke('GetConnectionId')).toBe(connectionId);
        await t.api.post('/api/user/validatesession', mine.token).set('connectionId', connectionId).expect(200);
      } finally {
        await client.connection.stop();
      }
    });

    it('deletes the row of a closed connection, and prunes rows an instance left behind for ended sessions', async () => {
      const { token, refreshToken } = await t.api.login('consulta');
      const client = await connectHub(t.url, token);
      const connectionId = await client.connection.invoke<string>('GetConnectionId');
      const em = t.app.get(MikroORM).em.fork();
      const count = async (id: string) =>
        Number((await em.execute<{ n: string }[]>('select count(*) as n from hub_connection where connection_id = ?', [id]))[0].n);
      expect(await count(connectionId)).toBe(1);
      await client.connection.stop();
      for (let i = 0; i < 50 && (await count(connectionId)) > 0; i++) await sleep(20);
      expect(await count(connectionId)).toBe(0);
      // A row whose instance died with the connection open, then the session ends.
      await em.execute('insert into hub_connection (connection_id, session_id, opened_at) values (?, ?, now())', ['huerfana-1', claimsOf(token).sid]);
      await t.api.put('/api/login/RevokeToken').send({ UserName: 'consulta', RefreshToken: refreshToken, Quantity: 1 }).expect(200);
      expect(await count('huerfana-1')).toBe(1);
      expect(await t.app.get(SessionService).pruneConnections()).toBeGreaterThanOrEqual(1);
      expect(await count('huerfana-1')).toBe(0);
    });

    it('tells every connection of the sessions a RevokeToken from another client ends (LOGOUT)', async () => {
      const first = await t.api.login('promocode');
      const second = await t.api.login('promocode');
      const a = await connectHub(t.url, first.token);
      const b = await connectHub(t.url, first.token);
      const c = await connectHub(t.url, second.token);
      const res = await t.api
        .put('/api/login/RevokeToken')
        .send({ UserName: 'promocode', RefreshToken: second.refreshToken, Quantity: 0, AppName: 'license' })
        .expect(200);
      expect(res.body.result.revokedSessions).toBe(2);
      await Promise.all([expectSessionEnded(a, 'LOGOUT'), expectSessionEnded(b, 'LOGOUT'), expectSessionEnded(c, 'LOGOUT')]);
    });

    it('leaves the connections of other sessions alone', async () => {
      const mine = await t.api.login('financiero');
      const other = await t.api.login('financiero');
      const client = await connectHub(t.url, other.token);
      try {
        await t.api.put('/api/login/RevokeToken').send({ UserName: 'financiero', RefreshToken: mine.refreshToken, Quantity: 1 }).expect(200);
        expect(await client.connection.invoke('GetConnectionId')).toBe(client.connection.connectionId);
        expect(client.connection.state).toBe(HubConnectionState.Connected);
      } finally {
        await client.connection.stop();
      }
    });

    it('tells the connection when a reused refresh token ends its session (REFRESH_REUSE)', async () => {
      const { token, refreshToken } = await t.api.login('financiero');
      const client = await connectHub(t.url, token);
      await t.api.post('/api/Login/RefreshToken').send({ RefreshToken: refreshToken, UserName: 'financiero' }).expect(200);
      await t.api.post('/api/Login/RefreshToken').send({ RefreshToken: refreshToken, UserName: 'financiero' }).expect(401);
      await expectSessionEnded(client, 'REFRESH_REUSE');
    });

    it('tells the connection when a superadmin disables its user (USER_DISABLED)', async () => {
      const admin = await t.api.login('superadmin');
      const { token } = await t.api.login('consulta');
      const client = await connectHub(t.url, token);
      await editUser(admin.token, token, { enabled: false });
      await expectSessionEnded(client, 'USER_DISABLED');
      await editUser(admin.token, token, { enabled: true });
    });

    it('tells the connection when a superadmin changes the role of its user (PRIVILEGES_CHANGED)', async () => {
      const admin = await t.api.login('superadmin');
      const { token } = await t.api.login('promocode');
      const client = await connectHub(t.url, token);
      await editUser(admin.token, token, { roleCode: 'LICFINANCIEROCONSULTA' });
      await expectSessionEnded(client, 'PRIVILEGES_CHANGED');
      await editUser(admin.token, token, { roleCode: 'LICENSEPROMOCODE' });
    });

    it('cannot connect with a bad token', async () => {
      await expect(hubConnection(t.url, 'not-a-token').start()).rejects.toThrow(/401/);
    });

    it('cannot connect once the session ended', async () => {
      const { token, refreshToken } = await t.api.login('comercial');
      await t.api.put('/api/login/RevokeToken').send({ UserName: 'comercial', RefreshToken: refreshToken }).expect(200);
      await expect(connectHub(t.url, token)).rejects.toThrow(/401/);
    });
  });

  describe('the WebSocket upgrade', () => {
    it('refuses a missing or invalid access token and an ended session with 401', async () => {
      const { token, refreshToken } = await t.api.login('comercial');
      const { connectionToken } = await negotiate(token);
      const url = `${wsUrl}/api/connections/session?id=${connectionToken}`;
      expect(await upgrade(url)).toMatchObject({ status: 401, body: { statusCode: 401 } });
      expect(await upgrade(`${url}&access_token=garbage`)).toMatchObject({ status: 401 });
      expect(await upgrade(url, { Authorization: 'Bearer garbage' })).toMatchObject({ status: 401 });
      await t.api.put('/api/login/RevokeToken').send({ UserName: 'comercial', RefreshToken: refreshToken }).expect(200);
      expect(await upgrade(url, { Authorization: `Bearer ${token}` })).toMatchObject({ status: 401, body: { statusMessage: 'La sesión ha finalizado' } });
    });

    it('refuses a connection token of another session, a tampered one or none', async () => {
      const mine = await t.api.login('comercial');
      const other = await t.api.login('comercial');
      const { connectionToken } = await negotiate(other.token);
      const auth = { Authorization: `Bearer ${mine.token}` };
      expect(await upgrade(`${wsUrl}/api/connections/session?id=${connectionToken}`, auth)).toMatchObject({ status: 404, body: { statusCode: 404 } });
      const own = (await negotiate(mine.token)).connectionToken;
      const tampered = `${own.slice(0, 5)}${own[5] === 'a' ? 'b' : 'a'}${own.slice(6)}`;
      expect(await upgrade(`${wsUrl}/api/connections/session?id=${tampered}`, auth)).toMatchObject({ status: 404 });
      expect(await upgrade(`${wsUrl}/api/connections/session`, auth)).toMatchObject({ status: 400 });
      expect(await upgrade(`${wsUrl}/api/no-such-hub`, auth)).toMatchObject({ status: 404 });
    });

    it('speaks the protocol to a raw client: access_token query, any path casing, batched frames, one socket per id', async () => {
      const { token } = await t.api.login('comercial');
      const { connectionId, connectionToken } = await negotiate(token);
      const url = `${wsUrl}/API/Connections/Session/?id=${connectionToken}&access_token=${encodeURIComponent(token)}`;
      const { socket } = await upgrade(url);
      const received = recorder(socket!);
      socket!.send(
        '{"protocol":"json","version":1}\x1e{"type":1,"invocationId":"a","target":"GetConnectionId","arguments":[]}\x1e{"type":6}\x1e{"type":1,"invocationId":"b","target":"Nope","arguments":[]}\x1e',
      );
      expect(await received.until(3)).toEqual([
        {},
        { type: 3, invocationId: 'a', result: connectionId },
        { type: 3, invocationId: 'b', error: "Unknown hub method 'Nope'." },
      ]);
      expect(await upgrade(url)).toMatchObject({ status: 400 });
      const closed = new Promise<number>((resolve) => socket!.once('close', (code) => resolve(code)));
      socket!.send('{"type":7}\x1e');
      expect(await closed).toBe(1000);
    });

    it('refuses more than the configured connections per session, also when they arrive at once', async () => {
      const { token } = await t.api.login('financiero');
      const auth = { Authorization: `Bearer ${token}` };
      const tokens = await Promise.all(Array.from({ length: MAX_PER_SESSION * 2 }, async () => (await negotiate(token)).connectionToken));
      const results = await Promise.all(tokens.map((id) => upgrade(`${wsUrl}/api/connections/session?id=${id}`, auth)));
      const open = results.filter((r) => r.socket);
      const refused = results.filter((r) => !r.socket);
      expect(open).toHaveLength(MAX_PER_SESSION);
      expect(refused.map((r) => r.status)).toEqual(Array(MAX_PER_SESSION).fill(429));
      expect(refused[0].body).toMatchObject({
        statusCode: 429,
        statusMessage: 'Esta sesión tiene demasiadas conexiones abiertas. Cierra otras ventanas e intenta de nuevo.',
      });
      // Another session of the same user is not affected; a closed connection frees its place.
      const other = await t.api.login('financiero');
      const client = await connectHub(t.url, other.token);
      await client.connection.stop();
      const closed = new Promise((resolve) => open[0].socket!.once('close', resolve));
      open[0].socket!.close();
      await closed;
      const again = await upgrade(`${wsUrl}/api/connections/session?id=${(await negotiate(token)).connectionToken}`, auth);
      expect(again.socket).toBeDefined();
      for (const r of [...open, again]) r.socket!.close();
    });

    it('refuses another hub protocol in the handshake', async () => {
      const { token } = await t.api.login('comercial');
      const { connectionToken } = await negotiate(token);
      const { socket } = await upgrade(`${wsUrl}/api/connections/session?id=${connectionToken}`, { Authorization: `Bearer ${token}` });
      const received = recorder(socket!);
      const closed = new Promise<number>((resolve) => socket!.once('close', (code) => resolve(code)));
      socket!.send('{"protocol":"messagepack","version":1}\x1e');
      expect(await received.until(1)).toEqual([{ error: "The protocol 'messagepack' is not supported." }]);
      expect(await closed).toBe(1002);
    });
  });
});

describe('session hub shutdown', () => {
  it('closes every connection, inviting a reconnect, and lets the server stop', async () => {
    const t = await startTestApp();
    const { token } = await t.api.login('comercial');
    const client = await connectHub(t.url, token);
    const { connectionToken } = (await t.api.post('/api/connections/session/negotiate?negotiateVersion=1', token).expect(200)).body as {
      connectionToken: string;
    };
    const { socket } = await upgrade(`${t.url.replace(/^http/, 'ws')}/api/connections/session?id=${connectionToken}`, { Authorization: `Bearer ${token}` });
    const received = recorder(socket!);
    socket!.send('{"protocol":"json","version":1}\x1e');
    await received.until(1);
    const started = Date.now();
    await t.close();
    expect(Date.now() - started).toBeLessThan(5000);
    expect(received.records).toEqual([{}, { type: 7, allowReconnect: true }]);
    await client.closed;
    expect(client.connection.state).toBe(HubConnectionState.Disconnected);
  });
});
