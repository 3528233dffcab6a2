import type { BrandPalette } from './reference.entities.js';

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A wordmark: a rounded badge with the initials and the brand title. */
export function logoSvg(title: string, palette: Pick<BrandPalette, 'primary' | 'secondary' | 'text'>, initials: string): string {
  const width = 60 + title.length * 15;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="48" viewBox="0 0 ${width} 48" role="img" aria-label="${escapeXml(title)}"><rect x="2" y="4" width="40" height="40" rx="10" fill="${palette.primary}"/><circle cx="36" cy="10" r="6" fill="${palette.secondary}"/><text x="22" y="31" font-family="Segoe UI,Roboto,Arial,sans-serif" font-size="17" font-weight="700" fill="#ffffff" text-anchor="middle">${escapeXml(initials)}</text><text x="52" y="32" font-family="Segoe UI,Roboto,Arial,sans-serif" font-size="24" font-weight="600" fill="${palette.text}">${escapeXml(title)}</text></svg>`;
}

export function faviconSvg(palette: Pick<BrandPalette, 'primary' | 'secondary'>, initials: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${palette.primary}"/><circle cx="52" cy="12" r="8" fill="${palette.secondary}"/><text x="32" y="43" font-family="Segoe UI,Roboto,Arial,sans-serif" font-size="28" font-weight="700" fill="#ffffff" text-anchor="middle">${escapeXml(initials)}</text></svg>`;
}
