import { describe, expect, it } from 'vitest';
import { readMessage } from './message';

const DEFAULT_TITLE = '¡Revisa tu correo electrónico!';
const DEFAULT_TEXT =
  'Te enviamos un mensaje con las instrucciones para continuar. Si no lo encuentras en tu bandeja de entrada, revisa la carpeta de correo no deseado.';

describe('message page text', () => {
  it('prefers the navigation state, then the query, then the defaults', () => {
    expect(readMessage({ title: 'Hola', text: 'Texto' }, new URLSearchParams('title=Otro'))).toEqual({ title: 'Hola', text: 'Texto' });
    expect(readMessage(null, new URLSearchParams('title=Otro'))).toEqual({ title: 'Otro', text: DEFAULT_TEXT });
    expect(readMessage(undefined, new URLSearchParams())).toEqual({ title: DEFAULT_TITLE, text: DEFAULT_TEXT });
  });
  it('limits what a link can put on the page', () => {
    expect(readMessage(null, new URLSearchParams({ text: 'x'.repeat(5000) })).text.length).toBe(600);
  });
});
