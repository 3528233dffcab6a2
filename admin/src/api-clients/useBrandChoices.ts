import { useQuery } from '@tanstack/react-query';
import { publicApi } from '../api';

/** The brands a client may be scoped to (GET /api/v1/brands, public and cached by the browser), by title. */
export function useBrandChoices() {
  const { data = [], isPending } = useQuery({
    queryKey: ['brands', 'choices'],
    staleTime: 300_000,
    queryFn: async () => {
      const { data: brands = [] } = await publicApi.GET('/api/v1/brands');
      return brands.map((brand) => ({ id: brand.appName, name: `${brand.title} (${brand.appName})` })).sort((a, b) => a.name.localeCompare(b.name, 'es'));
    },
  });
  return { choices: data, isPending };
}
