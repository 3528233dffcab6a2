import { useEffect } from 'react';
import type { Brand } from './types';

function setFavicon(href: string) {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  if (link.getAttribute('href') === href) return;
  link.type = href.endsWith('.ico') ? 'image/x-icon' : 'image/svg+xml';
  link.href = href;
}

/** The brand's title and favicon in the page head (the server puts them in the HTML too). */
export function BrandHead({ brand }: { brand: Brand }) {
  useEffect(() => {
    document.title = brand.title;
    setFavicon(brand.theme.faviconUrl);
    document.documentElement.lang = 'es';
    document.documentElement.style.colorScheme = brand.theme.palette.mode;
  }, [brand]);
  return null;
}
