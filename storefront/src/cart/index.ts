/**
 * The cart (store-and-purchase.md §2, §3, §4, §5): `useCart()` inside CartProvider (mounted by
 * StoreLayout) gives its lines and actions; `priceCart` (`cart/pricing`, decimal) its figures.
 * Export here what other parts of the store use.
 */
export { CartProvider } from './CartProvider';
export { CartButton } from './CartButton';
