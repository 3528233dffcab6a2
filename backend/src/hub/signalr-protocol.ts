/**
 * The SignalR JSON hub protocol, version 1 (dotnet/aspnetcore, src/SignalR/docs/specs/HubProtocol.md):
 * JSON records each ended by the ASCII record separator, a handshake first, then typed messages.
 */

export const RECORD_SEPARATOR = '\x1e';

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
  Ack: 8,
  Sequence: 9,
} as const;

export interface InvocationMessage {
  type: typeof MessageType.Invocation;
  /** Absent for a non-blocking invocation, which gets no completion. */
  invocationId?: string;
  target: string;
  arguments: unknown[];
  streamIds?: string[];
}

export interface StreamInvocationMessage {
  type: typeof MessageType.StreamInvocation;
  invocationId: string;
  target: string;
  arguments: unknown[];
}

export interface CompletionMessage {
  type: typeof MessageType.Completion;
  invocationId: string;
  result?: unknown;
  error?: string;
}

export interface PingMessage {
  type: typeof MessageType.Ping;
}

export interface CloseMessage {
  type: typeof MessageType.Close;
  error?: string;
  /** Tells a client with automatic reconnect that it may reconnect (e.g. to another instance). */
  allowReconnect?: boolean;
}

/** Messages the server reads but has nothing to do with: stream items, cancellations, acks, sequences. */
export interface IgnoredMessage {
  type: typeof MessageType.StreamItem | typeof MessageType.CancelInvocation | typeof MessageType.Ack | typeof MessageType.Sequence;
}

export type HubMessage = InvocationMessage | StreamInvocationMessage | CompletionMessage | PingMessage | CloseMessage | IgnoredMessage;

export interface HandshakeRequest {
  protocol: string;
  version: number;
}

export interface HandshakeResponse {
  error?: string;
}

/** The peer broke the protocol; the connection must be closed. */
export class ProtocolError extends Error {}

/** Longest record accepted, and the most text buffered waiting for a separator. */
export const MAX_RECORD_LENGTH = 64 * 1024;

function parseObject(record: string, what: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(record);
  } catch {
    throw new ProtocolError(`${what} is not valid JSON`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new ProtocolError(`${what} must be a JSON object`);
  return value as Record<string, unknown>;
}

function optionalString(message: Record<string, unknown>, field: string): string | undefined {
  const value = message[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new ProtocolError(`'${field}' must be a string`);
  return value;
}

function requiredString(message: Record<string, unknown>, field: string): string {
  const value = optionalString(message, field);
  if (!value) throw new ProtocolError(`'${field}' is required`);
  return value;
}

function argumentsOf(message: Record<string, unknown>): unknown[] {
  const value = message.arguments ?? [];
  if (!Array.isArray(value)) throw new ProtocolError("'arguments' must be an array");
  return value;
}

export function parseHandshakeRequest(record: string): HandshakeRequest {
  const message = parseObject(record, 'Handshake request');
  if (typeof message.protocol !== 'string' || !Number.isInteger(message.version)) {
    throw new ProtocolError("Handshake request must carry 'protocol' (string) and 'version' (integer)");
  }
  return { protocol: message.protocol, version: message.version as number };
}

/** Parses one record; returns null for a message type this protocol version does not know (ignored, as the spec asks). */
export function parseMessage(record: string): HubMessage | null {
  const message = parseObject(record, 'Message');
  const type = message.type;
  if (!Number.isInteger(type)) throw new ProtocolError("'type' must be an integer");
  switch (type) {
    case MessageType.Invocation: {
      const streamIds = message.streamIds;
      if (streamIds !== undefined && !(Array.isArray(streamIds) && streamIds.every((id) => typeof id === 'string'))) {
        throw new ProtocolError("'streamIds' must be an array of strings");
      }
      return {
        type,
        invocationId: optionalString(message, 'invocationId'),
        target: requiredString(message, 'target'),
        arguments: argumentsOf(message),
        ...(streamIds ? { streamIds: streamIds as string[] } : {}),
      };
    }
    case MessageType.StreamInvocation:
      return { type, invocationId: requiredString(message, 'invocationId'), target: requiredString(message, 'target'), arguments: argumentsOf(message) };
    case MessageType.Completion:
      return { type, invocationId: requiredString(message, 'invocationId'), result: message.result, error: optionalString(message, 'error') };
    case MessageType.Ping:
      return { type };
    case MessageType.Close:
      return { type, error: optionalString(message, 'error'), allowReconnect: message.allowReconnect === true };
    case MessageType.StreamItem:
    case MessageType.CancelInvocation:
    case MessageType.Ack:
    case MessageType.Sequence:
      return { type };
    default:
      return null;
  }
}

/** One message (or the handshake response) as a record, ready to send. */
export function serialize(message: HubMessage | HandshakeResponse): string {
  return JSON.stringify(message) + RECORD_SEPARATOR;
}

/**
 * Splits incoming text into records. A frame may hold several records, and a record may in
 * principle span frames, so text after the last separator waits for the next frame.
 */
export class RecordReader {
  private pending = '';

  push(chunk: string): string[] {
    const records = (this.pending + chunk).split(RECORD_SEPARATOR);
    this.pending = records.pop() ?? '';
    if (this.pending.length > MAX_RECORD_LENGTH) throw new ProtocolError(`A message exceeds ${MAX_RECORD_LENGTH} characters`);
    for (const record of records) {
      if (record.length > MAX_RECORD_LENGTH) throw new ProtocolError(`A message exceeds ${MAX_RECORD_LENGTH} characters`);
    }
    return records;
  }
}
