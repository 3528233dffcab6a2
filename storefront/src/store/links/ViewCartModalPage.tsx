import { useEffect, useRef } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useBrand } from '../../brand/brand-context';
import { useCart } from '../../cart/cart-context';
import { STORE_HOME_PATH } from '../../cart/paths';
import { useNotify } from '../../notifications/notifications-context';
import { loadStorePackages } from '../catalogue';
import StoreHome from '../StoreHome';
import { addFromLink, findPackage, readCartModalLink } from './links';

/**
 * `/license/viewCartModal/{idParam?}/{quantityParam?}/{reloadParam?}` (or the same in the query):
 * adds that many of the package, when one is named, and opens the cart modal over the store home.
 * The address becomes /cart, so reloading the page does not add it again (the spec's reloadParam
 * refreshed the old page's header; the cart here is shared at once).
 */
export default function ViewCartModalPage() {
  const params = useParams();
  const [query] = useSearchParams();
  const { brand } = useBrand();
  const cart = useCart();
  const notify = useNotify();
  const navigate = useNavigate();
  const handled = useRef(false);
  const link = readCartModalLink(params, query, cart.maxQuantity);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    void (async () => {
      if (link.idParam) {
        try {
          const pkg = findPackage(await loadStorePackages(brand.appName), link.idParam);
          if (!pkg) console.warn(`Paquete desconocido en el enlace: ${link.idParam}`);
          else {
            const outcome = await addFromLink(cart, pkg, link.quantity);
            if (!outcome.ok) notify({ severity: 'warning', message: outcome.message });
          }
        } catch (error) {
          console.error('No fue posible leer los paquetes del enlace', error);
        }
      }
      cart.openModal();
      await navigate(STORE_HOME_PATH, { replace: true });
    })();
  }, [link.idParam, link.quantity, brand.appName, cart, notify, navigate]);

  return <StoreHome />;
}
