import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useBrand } from '../../brand/brand-context';
import { useCart } from '../../cart/cart-context';
import { STORE_HOME_PATH } from '../../cart/paths';
import { PageLoading } from '../../layout/PageLoading';
import { useNotify } from '../../notifications/notifications-context';
import { loadStorePackages } from '../catalogue';
import { addFromLink, findPackage } from './links';

/** The purchase page a package link goes on to (store §2). */
const PURCHASE_PATH = '/license/RegisterPurchaseExt';

/**
 * `/license/addCartItem/{idParam}`: adds the package of that code to the cart, then goes on to the
 * purchase. An unknown code is only logged (store §8) and the visitor sees the store; a package the
 * cart's rules refuse says why there.
 */
export default function AddCartItemPage() {
  const { idParam = '' } = useParams();
  const { brand } = useBrand();
  const cart = useCart();
  const notify = useNotify();
  const navigate = useNavigate();
  const handled = useRef<string | undefined>(undefined);

  useEffect(() => {
    if (handled.current === idParam) return;
    handled.current = idParam;
    void (async () => {
      try {
        const pkg = findPackage(await loadStorePackages(brand.appName), idParam);
        if (!pkg) {
          console.warn(`Paquete desconocido en el enlace: ${idParam}`);
          await navigate(STORE_HOME_PATH, { replace: true });
          return;
        }
        const outcome = await addFromLink(cart, pkg, 1);
        if (!outcome.ok) {
          notify({ severity: 'warning', message: outcome.message });
          await navigate(STORE_HOME_PATH, { replace: true });
          return;
        }
        await navigate(PURCHASE_PATH, { replace: true });
      } catch (error) {
        console.error('No fue posible leer los paquetes del enlace', error);
        await navigate(STORE_HOME_PATH, { replace: true });
      }
    })();
  }, [idParam, brand.appName, cart, notify, navigate]);

  return <PageLoading label="Agregando el paquete al carrito…" />;
}
