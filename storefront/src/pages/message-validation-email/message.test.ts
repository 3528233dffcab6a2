import { describe, expect, it } from 'vitest';
import { DEFAULT_MESSAGE, readMessage } from './message';

describe('message page text', () => {
  it('prefers the navigation state, then the query, then the defaults', () => {
    expect(readMessage({ title: 'Hola', text: 'Texto' }, new URLSearchParams('title=Otro'))).toEqual({ title: 'Hola', text: 'Texto' });
    expect(readMessage(null, new URLSearchParams('title=Otro'))).toEqual({ title: 'Otro', text: DEFAULT_MESSAGE.text });
    expect(readMessage(undefined, new URLSearchParams())).toEqual(DEFAULT_MESSAGE);
  });
  it('limits what a link can put on the page', () => {
    expect(readMessage(null, new URLSearchParams({ text: 'x'.repeat(5000) })).text.length).toBe(600);
  });
});
