import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AddressField, type MapsServices, type Place } from './AddressField';

const PLACE: Place = {
  placeId: 'p1',
  fulladdress: 'Cl. 10 #43-12, Medellín, Antioquia, Colombia',
  latitude: 6.2086,
  longitude: -75.5672,
  departmentId: 5,
  cityId: 5001,
};

function fakeMaps(enabled: boolean, overrides: Partial<MapsServices> = {}): MapsServices {
  return {
    enabled: vi.fn(() => Promise.resolve(enabled)),
    suggestions: vi.fn(() =>
      Promise.resolve([
        {
          placeId: 'p1',
          description: 'Calle 10 #43-12, Medellín, Antioquia, Colombia',
          mainText: 'Calle 10 #43-12',
          secondaryText: 'Medellín, Antioquia, Colombia',
        },
        { placeId: 'p2', description: 'Calle 10 #5-20, Bogotá, Colombia', mainText: 'Calle 10 #5-20', secondaryText: 'Bogotá, Colombia' },
      ]),
    ),
    place: vi.fn(() => Promise.resolve(PLACE)),
    ...overrides,
  };
}

function Harness({ services, onPlace = () => undefined }: { services: MapsServices; onPlace?: (place: Place) => void }) {
  const [value, setValue] = useState('');
  return (
    <AddressField
      id="fulladdress"
      label="Dirección"
      value={value}
      maxLength={300}
      onChange={setValue}
      onBlur={() => undefined}
      onPlace={(place) => {
        setValue(place.fulladdress);
        onPlace(place);
      }}
      services={services}
    />
  );
}

describe('AddressField', () => {
  it('stays plain text without a maps provider and never asks for suggestions', async () => {
    const services = fakeMaps(false);
    render(<Harness services={services} />);
    await waitFor(() => expect(services.enabled).toHaveBeenCalled());
    await userEvent.type(screen.getByLabelText('Dirección'), 'Calle 10 #43');
    expect(screen.getByLabelText('Dirección')).toHaveValue('Calle 10 #43');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(services.suggestions).not.toHaveBeenCalled();
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('asks once, 200 ms after the last keystroke, and fills address and coordinates from the keyboard', async () => {
    const services = fakeMaps(true);
    const onPlace = vi.fn();
    render(<Harness services={services} onPlace={onPlace} />);
    const input = await screen.findByRole('combobox', { name: 'Dirección' });
    const started = Date.now();
    await userEvent.type(input, 'Calle 10 #43');
    expect(services.suggestions).not.toHaveBeenCalled();
    await screen.findByText('Calle 10 #43-12');
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    expect(services.suggestions).toHaveBeenCalledTimes(1);
    expect(services.suggestions).toHaveBeenCalledWith('Calle 10 #43', expect.stringMatching(/^[0-9a-f-]{36}$/));
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(onPlace).toHaveBeenCalledWith(PLACE));
    expect(services.place).toHaveBeenCalledWith('p1', expect.any(String));
    expect(input).toHaveValue('Cl. 10 #43-12, Medellín, Antioquia, Colombia');
  });

  it('keeps the typed text when the provider fails', async () => {
    const services = fakeMaps(true, { suggestions: vi.fn(() => Promise.reject(new Error('503'))) });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(<Harness services={services} />);
    const input = await screen.findByRole('combobox', { name: 'Dirección' });
    await userEvent.type(input, 'Carrera 7 #72-41');
    await waitFor(() => expect(services.suggestions).toHaveBeenCalledTimes(1));
    expect(input).toHaveValue('Carrera 7 #72-41');
    expect(screen.queryByText('Calle 10 #43-12')).toBeNull();
  });
});
