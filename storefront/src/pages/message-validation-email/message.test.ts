import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_MESSAGE, readMessage } from './message.ts';

describe('message page text', () => {
  it('prefers the navigation state, then the query, then the defaults', () => {
    assert.deepEqual(readMessage({ title: 'Hola', text: 'Texto' }, new URLSearchParams('title=Otro')), { title: 'Hola', text: 'Texto' });
    assert.deepEqual(readMessage(null, new URLSearchParams('title=Otro')), { title: 'Otro', text: DEFAULT_MESSAGE.text });
    assert.deepEqual(readMessage(undefined, new URLSearchParams()), DEFAULT_MESSAGE);
  });
  it('limits what a link can put on the page', () => {
    assert.equal(readMessage(null, new URLSearchParams({ text: 'x'.repeat(5000) })).text.length, 600);
  });
});
