import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInStore } from '../testing/store-harness';
import LandingPage from './LandingPage';

describe('LandingPage', () => {
  it("offers 'Prueba gratis' when the brand names a trial package", async () => {
    renderInStore(<LandingPage />, { path: '/inicio', parameters: { trialPackageCode: 'CN-PRUEBA' } });
    expect(await screen.findByRole('link', { name: 'Prueba gratis' })).toHaveAttribute('href', '/freeTrial');
  });

  it('offers no trial otherwise', async () => {
    renderInStore(<LandingPage />, { path: '/inicio' });
    expect(await screen.findByRole('link', { name: 'Ver planes y precios' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Prueba gratis' })).toBeNull();
  });
});
