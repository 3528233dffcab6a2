import { useBrand } from '../brand/brand-context';

/** The brand's terms and data-policy links (application info). */
export function Footer() {
  const { brand, parameters } = useBrand();
  const policy = brand.appInfo.urlPersonalDataTreatmentPolicy || parameters.urlsFromBack.urlPersonalDataTreatmentPolicy;
  return (
    <footer className="footer">
      <div className="container footer-row">
        <p className="t-body2 t-muted">
          © {new Date().getFullYear()} {brand.title}
        </p>
        <nav aria-label="Información legal" className="footer-links">
          <a href={brand.appInfo.urlTermsAndConditions} target="_blank" rel="noopener noreferrer" className="link t-body2">
            Términos y condiciones
          </a>
          {policy && (
            <a href={policy} target="_blank" rel="noopener noreferrer" className="link t-body2">
              Política de tratamiento de datos personales
            </a>
          )}
        </nav>
      </div>
    </footer>
  );
}
