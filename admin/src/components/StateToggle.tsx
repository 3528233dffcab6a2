import { Button, CircularProgress, Dialog, DialogActions, DialogTitle, Switch, Tooltip } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { api } from '../api';
import { MESSAGES, unwrap } from '../httpErrors';
import { errorMessage, errorStatus, serverFailure } from './errors';

/** The catalogue resources with an active toggle (PUT /api/v1/{resource}/{id}/state). */
export type StateResource = 'packages' | 'services' | 'feature-types' | 'service-features' | 'promo-codes';

type StateBody = { idstate: 0 | 1; version?: number };

/** The state-change call of each resource, with the version read (409 when it changed since). */
const STATE_CALLS: Record<StateResource, (id: number, body: StateBody) => Promise<unknown>> = {
  packages: (id, body) => unwrap(api.PUT('/api/v1/packages/{id}/state', { params: { path: { id } }, body })),
  services: (id, body) => unwrap(api.PUT('/api/v1/services/{id}/state', { params: { path: { id } }, body })),
  'feature-types': (id, body) => unwrap(api.PUT('/api/v1/feature-types/{id}/state', { params: { path: { id } }, body })),
  'service-features': (id, body) => unwrap(api.PUT('/api/v1/service-features/{id}/state', { params: { path: { id } }, body })),
  'promo-codes': (id, body) => unwrap(api.PUT('/api/v1/promo-codes/{id}/state', { params: { path: { id } }, body })),
};

/** Lists and lookups that show a record's state, refreshed after a change. */
const AFFECTED: Record<StateResource, string[]> = {
  packages: ['packages', 'package-options', 'package-configuration'],
  services: ['services', 'package-configuration'],
  'feature-types': ['feature-types'],
  'service-features': ['service-features', 'package-configuration'],
  'promo-codes': ['promo-codes'],
};

export interface StateRecord {
  id: number;
  idstate: 0 | 1;
  version: number;
}

/**
 * The active switch of a row: asks '¿Está seguro de que quiere activar/inactivar este …?', then calls
 * the state change with the version read and says what the server did
 * ('Se ha activado el paquete exitosamente'). The texts are `resources.<resource>.state.*`.
 */
export const StateToggle = ({ resource, record, disabled = false }: { resource: StateResource; record: StateRecord; disabled?: boolean }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const active = record.idstate === 0;
  const target: 0 | 1 = active ? 1 : 0;
  const key = (name: string) => `resources.${resource}.state.${name}`;

  const refresh = () => Promise.all(AFFECTED[resource].map((queryKey) => queryClient.invalidateQueries({ queryKey: [queryKey] })));

  const confirm = async () => {
    setSaving(true);
    try {
      await STATE_CALLS[resource](record.id, { idstate: target, version: record.version });
      notify(key(target === 0 ? 'activated' : 'inactivated'), { type: 'success' });
      setOpen(false);
      await refresh();
    } catch (error) {
      const status = errorStatus(error);
      if (status === 409) {
        notify(MESSAGES.conflict, { type: 'warning' });
        setOpen(false);
        await refresh();
      } else {
        notify(status !== undefined && status >= 500 ? serverFailure(error) : errorMessage(error), { type: 'error' });
      }
    } finally {
      setSaving(false);
    }
  };

  const label = translate(active ? key('inactivate') : key('activate'));
  return (
    <>
      <Tooltip title={translate(active ? 'app.catalogue.active' : 'app.catalogue.inactive')}>
        <span>
          <Switch
            checked={active}
            disabled={disabled}
            onChange={() => setOpen(true)}
            onClick={(event) => event.stopPropagation()}
            slotProps={{ input: { 'aria-label': label } }}
            size="small"
          />
        </span>
      </Tooltip>
      <Dialog open={open} onClose={() => !saving && setOpen(false)} aria-labelledby={titleId} maxWidth="xs" fullWidth>
        <DialogTitle id={titleId}>{translate(active ? key('inactivate_question') : key('activate_question'))}</DialogTitle>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={saving}>
            {translate('ra.action.cancel')}
          </Button>
          <Button
            variant="contained"
            onClick={() => void confirm()}
            disabled={saving}
            autoFocus
            startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {translate('app.catalogue.accept')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
