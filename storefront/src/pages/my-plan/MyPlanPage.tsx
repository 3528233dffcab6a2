import { useEffect, useState } from 'react';
import { messageOf } from '../../api';
import { useAuth } from '../../auth/auth-context';
import { useBrand } from '../../brand/brand-context';
import { loadMyPlan } from './my-plan';
import { type MyPlanState, MyPlanView } from './MyPlanView';

/** `/myplan`: the signed-in customer's plan in the brand's service (store §2 My Plan). */
export default function MyPlanPage() {
  const { brand, parameters } = useBrand();
  const { claims } = useAuth();
  const [state, setState] = useState<MyPlanState>({ status: 'loading' });
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
  const landing = brand.appInfo.urlLandingPage || parameters.urlsFromBack.urlLandingPage || '/';
  return <MyPlanView state={state} landingUrl={landing} />;
}
