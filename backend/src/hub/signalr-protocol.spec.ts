import {
  MAX_RECORD_LENGTH,
  MessageType,
  parseHandshakeRequest,
  parseMessage,
  ProtocolError,
  RecordReader,
  RECORD_SEPARATOR,
  serialize,
} from './signalr-protocol.js';

describe('SignalR JSON hub protocol', () => {
  describe('RecordReader', () => {
    it('splits a frame holding several records', () => {
      const reader = new RecordReader();
      expect(reader.push('{"type":6}\x1e{"type":1,"target":"A","arguments":[]}\x1e')).toEqual(['{"type":6}', '{"type":1,"target":"A","arguments":[]}']);
    });

    it('keeps a partial record until its separator arrives', () => {
      const reader = new RecordReader();
      expect(reader.push('{"type":')).toEqual([]);
      expect(reader.push('6}\x1e{"ty')).toEqual(['{"type":6}']);
      expect(reader.push('pe":7}\x1e')).toEqual(['{"type":7}']);
    });

    it('refuses a record longer than the limit', () => {
      const reader = new RecordReader();
      expect(() => reader.push('x'.repeat(MAX_RECORD_LENGTH + 1))).toThrow(ProtocolError);
      expect(() => new RecordReader().push(`${'x'.repeat(MAX_RECORD_LENGTH + 1)}\x1e`)).toThrow(ProtocolError);
    });
  });

  describe('handshake', () => {
    it('reads protocol and version', () => {
      expect(parseHandshakeRequest('{"protocol":"json","version":1}')).toEqual({ protocol: 'json', version: 1 });
    });

    it.each(['', 'nope', '[]', '{"protocol":"json"}', '{"protocol":1,"version":1}', '{"protocol":"json","version":"1"}'])('refuses %j', (record) => {
      expect(() => parseHandshakeRequest(record)).toThrow(ProtocolError);
    });
  });

  describe('messages', () => {
    it('parses an invocation with and without an id', () => {
      expect(parseMessage('{"type":1,"invocationId":"0","target":"GetConnectionId","arguments":[]}')).toEqual({
        type: MessageType.Invocation,
        invocationId: '0',
        target: 'GetConnectionId',
        arguments: [],
      });
      expect(parseMessage('{"type":1,"target":"Send","arguments":["a",2]}')).toEqual({
        type: MessageType.Invocation,
        invocationId: undefined,
        target: 'Send',
        arguments: ['a', 2],
      });
    });

    it('parses ping, close, completion and stream invocation', () => {
      expect(parseMessage('{"type":6}')).toEqual({ type: MessageType.Ping });
      expect(parseMessage('{"type":7,"error":"bye","allowReconnect":true}')).toEqual({ type: MessageType.Close, error: 'bye', allowReconnect: true });
      expect(parseMessage('{"type":3,"invocationId":"1","result":5}')).toMatchObject({ type: MessageType.Completion, invocationId: '1', result: 5 });
      expect(parseMessage('{"type":4,"invocationId":"2","target":"S","arguments":[]}')).toEqual({
        type: MessageType.StreamInvocation,
        invocationId: '2',
        target: 'S',
        arguments: [],
      });
    });

    it('accepts messages it has nothing to do with and ignores unknown types', () => {
      expect(parseMessage('{"type":5,"invocationId":"1"}')).toEqual({ type: MessageType.CancelInvocation });
      expect(parseMessage('{"type":42}')).toBeNull();
    });

    it.each([
      ['not JSON', '{'],
      ['not an object', '[1]'],
      ['no type', '{}'],
      ['a non-integer type', '{"type":"1"}'],
      ['an invocation without target', '{"type":1,"arguments":[]}'],
      ['arguments that are not an array', '{"type":1,"target":"A","arguments":{}}'],
      ['a numeric invocation id', '{"type":1,"invocationId":1,"target":"A","arguments":[]}'],
      ['bad stream ids', '{"type":1,"target":"A","arguments":[],"streamIds":[1]}'],
      ['a stream invocation without id', '{"type":4,"target":"A","arguments":[]}'],
    ])('refuses %s', (_name, record) => {
      expect(() => parseMessage(record)).toThrow(ProtocolError);
    });
  });

  it('serializes a message as one record ended by the separator', () => {
    const text = serialize({ type: MessageType.Invocation, target: 'ReceiveSessionStatus', arguments: ['Tu sesión\x1e', 'LOGOUT'] });
    expect(text.endsWith(RECORD_SEPARATOR)).toBe(true);
    // The separator inside a string is escaped by JSON, so the record stays one record.
    expect(new RecordReader().push(text)).toHaveLength(1);
    expect(JSON.parse(text.slice(0, -1))).toEqual({ type: 1, target: 'ReceiveSessionStatus', arguments: ['Tu sesión\x1e', 'LOGOUT'] });
    expect(serialize({})).toBe('{}\x1e');
  });
});
