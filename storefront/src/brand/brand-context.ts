import { createContext, useContext } from 'react';
import type { AppParameters } from './app-parameters';
import type { Brand } from './types';

export interface BrandContextValue {
  brand: Brand;
  parameters: AppParameters;
  /** The licence back-office application (`license`). */
  isLicenseApp: boolean;
}

export const BrandContext = createContext<BrandContextValue | null>(null);

/** The brand of this page; only inside BrandProvider, which renders its children once it is known. */
export function useBrand(): BrandContextValue {
  const value = useContext(BrandContext);
  if (!value) throw new Error('useBrand fuera de BrandProvider');
  return value;
}
