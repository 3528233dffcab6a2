import { Link } from 'react-router';
import { useBrand } from '../brand/brand-context';
import { CartButton } from '../cart';
import { AuthControl } from './AuthControl';

/** Brand logo (a wordmark: its text is the brand title), brand description, the cart and the sign-in control. */
export function Header() {
  const { brand } = useBrand();
  return (
    <header className="app-bar">
      <div className="toolbar">
        <Link to="/" aria-label={`${brand.title}: inicio`} className="brand-link">
          <span className="brand-logo">
            <img src={brand.theme.logoUrl} alt={brand.title} height={40} />
          </span>
        </Link>
        <p className="brand-description">{brand.description}</p>
        <span className="grow" />
        <CartButton />
        <AuthControl />
      </div>
    </header>
  );
}
