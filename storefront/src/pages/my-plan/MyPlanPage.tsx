import { useCallback, useEffect, useMemo, useState } from 'react';
import { messageOf } from '../../api';
import { useAuth } from '../../auth/auth-context';
import { useBrand } from '../../brand/brand-context';
import { loadStorePackages } from '../../store/catalogue';
import { ComplementaryDialog } from './ComplementaryDialog';
import { EmployeeMonths, type EmployeeSource } from './EmployeeMonths';
import { loadEmployeeMonth, loadEmployeeMonths, loadMyPlan } from './my-plan';
import { type MyPlanState, MyPlanView } from './MyPlanView';

/**
 * `/myplan`: the signed-in customer's plan in the brand's service (store §2 My Plan), its employee
 * months, and 'Comprar más' with the service's complementary packages.
 */
export default function MyPlanPage() {
  const { brand, parameters } = useBrand();
  const { claims } = useAuth();
  const [state, setState] = useState<MyPlanState>({ status: 'loading' });
  const [buying, setBuying] = useState(false);
  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    loadMyPlan(claims, brand.appName).then(
      (result) => current && setState({ status: 'done', ...result }),
      (error: unknown) => current && setState({ status: 'error', message: messageOf(error) }),
    );
    return () => {
      current = false;
    };
  }, [claims, brand.appName]);
  const employees = useMemo<EmployeeSource>(
    () => ({
      months: () => loadEmployeeMonths(claims, brand.appName),
      month: (year, month) => loadEmployeeMonth(claims, brand.appName, year, month),
    }),
    [claims, brand.appName],
  );
  const complementary = useCallback(() => loadStorePackages(brand.appName), [brand.appName]);
  const landing = brand.appInfo.urlLandingPage || parameters.urlsFromBack.urlLandingPage || '/';
  return (
    <>
      <MyPlanView state={state} landingUrl={landing} onBuyMore={() => setBuying(true)} employees={<EmployeeMonths source={employees} />} />
      {buying && <ComplementaryDialog load={complementary} onClose={() => setBuying(false)} />}
    </>
  );
}
