import { useCompanyLookups } from '../licenses/lookups';
import { useAgreementParameters, useAgreementProducts, useCommercialManagers, useProductPackages } from './agreementApi';

/** What the agreement steps pick from: products, parameters, the product's packages and managers, departments and the e-mail blacklist. */
export function useWizardLookups(serviceId: number | null) {
  const products = useAgreementProducts();
  const parameters = useAgreementParameters();
  const product = products.data?.find((p) => p.value === serviceId);
  const packages = useProductPackages(serviceId);
  const managers = useCommercialManagers(product?.name);
  const company = useCompanyLookups();
  return {
    products: products.data ?? [],
    product,
    parameters: parameters.data,
    packages: packages.data ?? [],
    managers: managers.data ?? [],
    departments: company.departments,
    blockedDomains: company.blockedDomains,
    productDeviceTypes: (product?.deviceTypeId ?? '')
      .split(',')
      .map((id) => Number(id.trim()))
      .filter((id) => Number.isInteger(id) && id > 0),
    isPending: products.isPending || parameters.isPending,
    isError: products.isError || parameters.isError,
  };
}
