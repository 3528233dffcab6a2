import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useBrand } from '../../brand/brand-context';
import { useCart } from '../../cart/cart-context';
import { PageLoading } from '../../layout/PageLoading';
import { useNotify } from '../../notifications/notifications-context';
import { PATHS } from '../../routes/paths';
import { addFromLink, decryptLink, LINK_PROBLEM } from './links';

/**
 * `/license/addCart/{encryptedParameter}`: DecryptPackage gives the link's packages, quantities and
 * promotion code; the cart is filled with them (it holds what the link sells, nothing else) and the
 * visitor goes on to /registerPurchaseOrder. A tampered, expired or other brand's link, or one the
 * cart's rules refuse, says '¡Ocurrió un inconveniente!' and goes to /messageValidationEmail.
 */
export default function AddCartPage() {
  const encrypted = useParams()['*'] ?? '';
  const { brand } = useBrand();
  const cart = useCart();
  const notify = useNotify();
  const navigate = useNavigate();
  const handled = useRef<string | undefined>(undefined);

  useEffect(() => {
    if (handled.current === encrypted) return;
    handled.current = encrypted;
    const fail = async () => {
      notify({ severity: 'error', title: LINK_PROBLEM.title, message: LINK_PROBLEM.text });
      await navigate(PATHS.messageValidationEmail, { replace: true, state: { ...LINK_PROBLEM, tone: 'error' } });
    };
    void (async () => {
      try {
        const link = await decryptLink(encrypted);
        if (link.appName.toLowerCase() !== brand.appName.toLowerCase() || link.records.length === 0) return await fail();
        cart.clear();
        for (const [index, pkg] of link.records.entries()) {
          const last = index === link.records.length - 1;
          const outcome = await addFromLink(cart, pkg, pkg.quantity, last && link.promotionCode ? { promoCode: link.promotionCode } : {});
          // A code that no longer applies is the cart's warning; the packages are what the link sells.
          if (!outcome.ok && !(last && link.promotionCode)) return await fail();
          if (!outcome.ok) notify({ severity: 'warning', message: outcome.message });
        }
        await navigate(PATHS.registerPurchaseOrder, { replace: true });
      } catch (error) {
        console.error('No fue posible abrir el enlace del paquete', error);
        await fail();
      }
    })();
  }, [encrypted, brand.appName, cart, notify, navigate]);

  return <PageLoading label="Preparando tu compra…" />;
}
