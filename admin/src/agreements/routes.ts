/**
 * The sections of '/agreements' (§2 'Sections: list, agregate (create), detail, edit; detail and
 * edit take an id'): the route of App.tsx is exact, so the section and id travel in the query
 * (`/agreements?section=detail&id=7`).
 */
export type AgreementSection = 'list' | 'agregate' | 'detail' | 'edit';

export const LIST_PATH = '/agreements';
export const CREATE_PATH = '/agreements?section=agregate';
export const detailPath = (id: number) => `/agreements?section=detail&id=${id}`;
export const editPath = (id: number) => `/agreements?section=edit&id=${id}`;

export function sectionOf(params: URLSearchParams): { section: AgreementSection; id: number | null } {
  const raw = params.get('section');
  const id = Number(params.get('id'));
  const validId = Number.isInteger(id) && id > 0 ? id : null;
  if (raw === 'agregate') return { section: 'agregate', id: null };
  if ((raw === 'detail' || raw === 'edit') && validId) return { section: raw, id: validId };
  return { section: 'list', id: null };
}
