import {
  type CloseMessage,
  type HubMessage,
  type InvocationMessage,
  MessageType,
  parseHandshakeRequest,
  parseMessage,
  ProtocolError,
  RecordReader,
  serialize,
} from './signalr-protocol.js';

/** Server keep-alive: a ping when nothing else was sent for this long (the client's own default). */
export const KEEP_ALIVE_INTERVAL_MS = 15_000;
/** A client that sent nothing (not even a ping) for this long is gone. */
export const CLIENT_TIMEOUT_MS = 30_000;
/** Time allowed between the WebSocket opening and the handshake request. */
export const HANDSHAKE_TIMEOUT_MS = 15_000;

/** The socket under a connection; the WebSocket server adapts `ws` to it. */
export interface HubTransport {
  send(text: string): void;
  close(code: number, reason: string): void;
}

/** A method clients may invoke; `parameters` is checked like a .NET hub checks its arity. */
export interface HubMethod {
  parameters: number;
  invoke(connection: HubConnection, args: unknown[]): unknown;
}

export type HubMethods = Readonly<Record<string, HubMethod>>;

/** An error whose message may reach the client; any other failure is reported without details. */
export class HubError extends Error {}

type State = 'handshake' | 'open' | 'closed';

/**
 * One client of the hub over one WebSocket: handshake, invocations and completions, keep-alive
 * pings, the client timeout and closing. Times are passed in so the rules are testable.
 */
export class HubConnection {
  private state: State = 'handshake';
  private readonly reader = new RecordReader();
  private readonly openedAt: number;
  private lastReceivedAt: number;
  private lastSentAt: number;
  /** A session end that arrived before the handshake finished; delivered right after it. */
  private pendingEnd?: { target: string; message: string; reason: string };
  private readonly closeListeners: (() => void)[] = [];
  private invocations: Promise<void> = Promise.resolve();

  constructor(
    readonly id: string,
    readonly sessionId: string,
    private readonly transport: HubTransport,
    private readonly methods: HubMethods,
    now = Date.now(),
  ) {
    this.openedAt = this.lastReceivedAt = this.lastSentAt = now;
  }

  get isOpen(): boolean {
    return this.state === 'open';
  }

  get isClosed(): boolean {
    return this.state === 'closed';
  }

  onClose(listener: () => void): void {
    this.closeListeners.push(listener);
  }

  /** Text of one WebSocket frame. */
  receive(text: string, now = Date.now()): void {
    if (this.state === 'closed') return;
    this.lastReceivedAt = now;
    try {
      for (const record of this.reader.push(text)) {
        if (this.state === 'handshake') this.handshake(record, now);
        else if (this.state === 'open') this.handle(parseMessage(record));
      }
    } catch (error) {
      if (!(error instanceof ProtocolError)) throw error;
      if (this.state === 'handshake') this.refuseHandshake(error.message);
      else this.close({ type: MessageType.Close, error: `Protocol error: ${error.message}` });
    }
  }

  /** Keep-alive and timeouts; called periodically by the server. */
  tick(now = Date.now()): void {
    if (this.state === 'handshake' && now - this.openedAt >= HANDSHAKE_TIMEOUT_MS) {
      this.close(undefined, 1002, 'handshake timeout');
    } else if (this.state === 'open' && now - this.lastReceivedAt >= CLIENT_TIMEOUT_MS) {
      this.close({ type: MessageType.Close, error: 'Server timeout elapsed without receiving a message from the client.', allowReconnect: true });
    } else if (this.state === 'open' && now - this.lastSentAt >= KEEP_ALIVE_INTERVAL_MS) {
      this.send({ type: MessageType.Ping }, now);
    }
  }

  /** Invokes a client method (fire and forget, as SignalR servers do). */
  invokeClient(target: string, args: unknown[]): void {
    if (this.state === 'open') this.send({ type: MessageType.Invocation, target, arguments: args });
  }

  /** The session ended: tell the client why, then close without inviting a reconnect. */
  endSession(target: string, message: string, reason: string): void {
    if (this.state === 'handshake') {
      this.pendingEnd = { target, message, reason };
      return;
    }
    this.invokeClient(target, [message, reason]);
    this.close({ type: MessageType.Close });
  }

  /** Sends the close message (when the handshake is done) and closes the socket. */
  close(message?: CloseMessage, code = 1000, reason = ''): void {
    if (this.state === 'closed') return;
    if (message && this.state === 'open') this.send(message);
    this.state = 'closed';
    this.transport.close(code, reason);
    for (const listener of this.closeListeners) listener();
  }

  /** The transport closed from the other side. */
  closed(): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    for (const listener of this.closeListeners) listener();
  }

  private send(message: HubMessage, now = Date.now()): void {
    this.transport.send(serialize(message));
    this.lastSentAt = now;
  }

  private handshake(record: string, now: number): void {
    const request = parseHandshakeRequest(record);
    if (request.protocol !== 'json') return this.refuseHandshake(`The protocol '${request.protocol}' is not supported.`);
    if (request.version !== 1) return this.refuseHandshake(`The server does not support version ${request.version} of the 'json' protocol.`);
    this.transport.send(serialize({}));
    this.lastSentAt = now;
    this.state = 'open';
    if (this.pendingEnd) this.endSession(this.pendingEnd.target, this.pendingEnd.message, this.pendingEnd.reason);
  }

  private refuseHandshake(error: string): void {
    this.transport.send(serialize({ error }));
    this.close(undefined, 1002, 'handshake refused');
  }

  private handle(message: HubMessage | null): void {
    if (!message) return;
    switch (message.type) {
      case MessageType.Invocation:
        return this.invoke(message);
      case MessageType.StreamInvocation: {
        const { invocationId } = message;
        return this.enqueue(() => this.complete(invocationId, { error: 'Streaming hub methods are not supported.' }));
      }
      case MessageType.Close:
        return this.close(undefined);
      default:
        // Pings only prove the client is alive (lastReceivedAt); the rest needs no answer.
        return;
    }
  }

  /** Invocations run one at a time, so completions come back in order (as a .NET hub does by default). */
  private invoke(message: InvocationMessage): void {
    this.enqueue(() => this.run(message));
  }

  private enqueue(step: () => void | Promise<void>): void {
    // run() reports method failures to the client; what is left (a socket gone mid-send) must not
    // become an unhandled rejection, which would stop the process.
    this.invocations = this.invocations.then(step).catch(() => undefined);
  }

  private async run(message: InvocationMessage): Promise<void> {
    const method = Object.hasOwn(this.methods, message.target) ? this.methods[message.target] : undefined;
    const { invocationId } = message;
    if (!method) return this.complete(invocationId, { error: `Unknown hub method '${message.target}'.` });
    if (message.arguments.length !== method.parameters || message.streamIds?.length) {
      return this.complete(invocationId, { error: `Invocation provides ${message.arguments.length} argument(s) but target expects ${method.parameters}.` });
    }
    try {
      const result: unknown = await method.invoke(this, message.arguments);
      this.complete(invocationId, { result: result ?? null });
    } catch (error) {
      const text = error instanceof HubError ? error.message : `An unexpected error occurred invoking '${message.target}' on the server.`;
      this.complete(invocationId, { error: text });
    }
  }

  private complete(invocationId: string | undefined, outcome: { result: unknown } | { error: string }): void {
    // A non-blocking invocation (no id) expects no completion, even on failure.
    if (invocationId === undefined || this.state !== 'open') return;
    this.send({ type: MessageType.Completion, invocationId, ...outcome });
  }
}
