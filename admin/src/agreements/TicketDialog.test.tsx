import { screen } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderInAdmin } from '../testing/admin';
import { TicketDialog } from './TicketDialog';

const userEvent = userEventLib.setup({ delay: null });

function open() {
  const onConfirm = vi.fn();
  renderInAdmin(<TicketDialog open onCancel={vi.fn()} onConfirm={onConfirm} />);
  return onConfirm;
}

describe("'Ingresa el Número del ticket'", () => {
  it('both fields are required', async () => {
    const onConfirm = open();
    expect(screen.getByText('Ingresa el Número del ticket')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(screen.getAllByText('Campo obligatorio')).toHaveLength(2);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('the ticket takes letters and digits only, at most 20', async () => {
    const onConfirm = open();
    const ticket = screen.getByRole('textbox', { name: /Número del ticket/ });
    expect(ticket).toHaveAttribute('maxLength', '20');
    expect(screen.getByRole('textbox', { name: /Observaciones/ })).toHaveAttribute('maxLength', '200');
    await userEvent.type(ticket, 'TK-1');
    await userEvent.type(screen.getByRole('textbox', { name: /Observaciones/ }), 'Ampliación');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(screen.getByText('El número del ticket solo admite letras y números.')).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('a valid ticket is handed over trimmed', async () => {
    const onConfirm = open();
    await userEvent.type(screen.getByRole('textbox', { name: /Número del ticket/ }), 'TK2026001 ');
    await userEvent.type(screen.getByRole('textbox', { name: /Observaciones/ }), ' Ampliación de la bolsa');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(onConfirm).toHaveBeenCalledWith({ ticketNumber: 'TK2026001', observations: 'Ampliación de la bolsa' });
  });
});
