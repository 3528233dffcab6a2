import { CLIENT_TIMEOUT_MS, HANDSHAKE_TIMEOUT_MS, HubConnection, HubError, type HubMethods, KEEP_ALIVE_INTERVAL_MS } from './hub-connection.js';
import { HubConnections } from './hub-connections.js';
import { RECEIVE_SESSION_STATUS, SESSION_HUB_METHODS } from './session-hub.js';

const HANDSHAKE = '{"protocol":"json","version":1}\x1e';

class FakeTransport {
  sent: string[] = [];
  closedWith?: { code: number; reason: string };
  send(text: string) {
    this.sent.push(text);
  }
  close(code: number, reason: string) {
    this.closedWith = { code, reason };
  }
  /** Every record sent so far, parsed. */
  messages(): unknown[] {
    return this.sent
      .join('')
      .split('\x1e')
      .filter(Boolean)
      .map((r) => JSON.parse(r) as unknown);
  }
}

function open(methods: HubMethods = SESSION_HUB_METHODS, now = 0) {
  const transport = new FakeTransport();
  const connection = new HubConnection('conn-1', 'session-1', transport, methods, now);
  connection.receive(HANDSHAKE, now);
  return { transport, connection };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('HubConnection', () => {
  it('answers the handshake with an empty record', () => {
    const { transport, connection } = open();
    expect(transport.sent).toEqual(['{}\x1e']);
    expect(connection.isOpen).toBe(true);
  });

  it('refuses another protocol or version with an error handshake and closes', () => {
    for (const request of ['{"protocol":"messagepack","version":1}\x1e', '{"protocol":"json","version":2}\x1e', 'junk\x1e']) {
      const transport = new FakeTransport();
      const connection = new HubConnection('c', 's', transport, SESSION_HUB_METHODS);
      connection.receive(request);
      expect(transport.messages()).toEqual([{ error: expect.any(String) }]);
      expect(transport.closedWith?.code).toBe(1002);
      expect(connection.isClosed).toBe(true);
    }
  });

  it('returns the connection id from GetConnectionId, also when it shares the handshake frame', async () => {
    const transport = new FakeTransport();
    const connection = new HubConnection('conn-1', 'session-1', transport, SESSION_HUB_METHODS);
    connection.receive(`${HANDSHAKE}{"type":1,"invocationId":"0","target":"GetConnectionId","arguments":[]}\x1e{"type":6}\x1e`);
    await flush();
    expect(transport.messages()).toEqual([{}, { type: 3, invocationId: '0', result: 'conn-1' }]);
  });

  it('completes unknown methods, wrong arity and failures with an error, in order', async () => {
    const methods: HubMethods = {
      Boom: {
        parameters: 0,
        invoke: () => {
          throw new Error('secret detail');
        },
      },
      Refuse: {
        parameters: 0,
        invoke: () => Promise.reject(new HubError('No se permite')),
      },
    };
    const { transport, connection } = open(methods);
    connection.receive(
      [
        { type: 1, invocationId: '1', target: 'Nope', arguments: [] },
        { type: 1, invocationId: '2', target: 'Boom', arguments: [1] },
        { type: 1, invocationId: '3', target: 'Boom', arguments: [] },
        { type: 1, invocationId: '4', target: 'Refuse', arguments: [] },
        { type: 1, invocationId: '5', target: 'toString', arguments: [] },
        { type: 1, target: 'Nope', arguments: [] },
        { type: 4, invocationId: '6', target: 'Stream', arguments: [] },
      ]
        .map((m) => JSON.stringify(m) + '\x1e')
        .join(''),
    );
    await flush();
    const completions = transport.messages().slice(1) as { invocationId: string; error?: string }[];
    // In order: invocations run one at a time.
    expect(completions.map((c) => c.invocationId)).toEqual(['1', '2', '3', '4', '5', '6']);
    const byId = Object.fromEntries(completions.map((c) => [c.invocationId, c.error]));
    expect(byId['1']).toBe("Unknown hub method 'Nope'.");
    expect(byId['2']).toBe('Invocation provides 1 argument(s) but target expects 0.');
    expect(byId['3']).toBe("An unexpected error occurred invoking 'Boom' on the server.");
    expect(byId['4']).toBe('No se permite');
    expect(byId['5']).toBe("Unknown hub method 'toString'.");
    expect(byId['6']).toMatch(/not supported/);
    expect(connection.isOpen).toBe(true);
  });

  it('closes with an error message on a protocol violation after the handshake', () => {
    const { transport, connection } = open();
    connection.receive('{"type":1}\x1e');
    expect(transport.messages()[1]).toEqual({ type: 7, error: expect.stringMatching(/^Protocol error/) });
    expect(transport.closedWith?.code).toBe(1000);
    expect(connection.isClosed).toBe(true);
  });

  it('closes when the client sends a close message', () => {
    const { transport, connection } = open();
    connection.receive('{"type":7}\x1e');
    expect(connection.isClosed).toBe(true);
    expect(transport.messages()).toEqual([{}]);
  });

  it('pings when nothing was sent for the keep-alive interval', () => {
    const { transport, connection } = open();
    connection.tick(KEEP_ALIVE_INTERVAL_MS - 1);
    expect(transport.sent).toHaveLength(1);
    connection.tick(KEEP_ALIVE_INTERVAL_MS);
    expect(transport.messages()[1]).toEqual({ type: 6 });
    connection.tick(KEEP_ALIVE_INTERVAL_MS + 1000);
    expect(transport.sent).toHaveLength(2);
  });

  it('times out a client that sent nothing, and not one that pings', () => {
    const { transport, connection } = open();
    connection.receive('{"type":6}\x1e', CLIENT_TIMEOUT_MS - 1000);
    connection.tick(CLIENT_TIMEOUT_MS);
    expect(connection.isOpen).toBe(true);
    connection.tick(2 * CLIENT_TIMEOUT_MS - 1000);
    expect(connection.isClosed).toBe(true);
    expect(transport.messages().at(-1)).toEqual({ type: 7, error: expect.stringMatching(/timeout/i), allowReconnect: true });
  });

  it('closes a socket that never sends the handshake', () => {
    const transport = new FakeTransport();
    const connection = new HubConnection('c', 's', transport, SESSION_HUB_METHODS, 0);
    connection.tick(HANDSHAKE_TIMEOUT_MS);
    expect(connection.isClosed).toBe(true);
    expect(transport.sent).toEqual([]);
  });

  it('tells the client why its session ended, then closes without inviting a reconnect', () => {
    const { transport, connection } = open();
    connection.endSession(RECEIVE_SESSION_STATUS, 'Tu sesión fue revocada.', 'REVOKED');
    expect(transport.messages().slice(1)).toEqual([
      { type: 1, target: 'ReceiveSessionStatus', arguments: ['Tu sesión fue revocada.', 'REVOKED'] },
      { type: 7 },
    ]);
    expect(transport.closedWith?.code).toBe(1000);
  });

  it('delivers a session end that arrived before the handshake right after it', () => {
    const transport = new FakeTransport();
    const connection = new HubConnection('c', 's', transport, SESSION_HUB_METHODS);
    connection.endSession(RECEIVE_SESSION_STATUS, 'Fin', 'LOGOUT');
    expect(transport.sent).toEqual([]);
    connection.receive(HANDSHAKE);
    expect(transport.messages()).toEqual([{}, { type: 1, target: 'ReceiveSessionStatus', arguments: ['Fin', 'LOGOUT'] }, { type: 7 }]);
    expect(connection.isClosed).toBe(true);
  });
});

describe('HubConnections', () => {
  it('ends every connection of a session and forgets closed ones', () => {
    const registry = new HubConnections();
    const a = open().connection;
    const b = new HubConnection('conn-2', 'session-1', new FakeTransport(), SESSION_HUB_METHODS);
    const other = new HubConnection('conn-3', 'session-2', new FakeTransport(), SESSION_HUB_METHODS);
    expect([registry.add(a), registry.add(b), registry.add(other)]).toEqual([true, true, true]);
    expect(registry.add(new HubConnection('conn-1', 'session-9', new FakeTransport(), SESSION_HUB_METHODS))).toBe(false);
    expect(registry.endSession('session-1', 'Fin', 'LOGOUT')).toBe(2);
    expect(a.isClosed).toBe(true);
    expect(registry.size).toBe(2);
    expect(registry.ofSession('session-1').map((c) => c.id)).toEqual(['conn-2']);
    expect(registry.ofSession('session-2').map((c) => c.id)).toEqual(['conn-3']);
  });

  it('ends a connection registered just after its session ended', () => {
    const registry = new HubConnections();
    registry.endSession('session-1', 'Fin', 'USER_DISABLED');
    const transport = new FakeTransport();
    const late = new HubConnection('late', 'session-1', transport, SESSION_HUB_METHODS);
    registry.add(late);
    late.receive(HANDSHAKE);
    expect(transport.messages()).toEqual([{}, { type: 1, target: 'ReceiveSessionStatus', arguments: ['Fin', 'USER_DISABLED'] }, { type: 7 }]);
    expect(registry.has('late')).toBe(false);
  });
});
