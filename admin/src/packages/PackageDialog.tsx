import { Divider } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import { CatalogueDialog } from '../components/CatalogueDialog';
import { IdentitySection } from './dialog/IdentitySection';
import { OfferSection } from './dialog/OfferSection';
import { OrderAutoFill } from './dialog/OrderAutoFill';
import { PriceSection } from './dialog/PriceSection';
import { SaleSection } from './dialog/SaleSection';
import { requiredWhen } from './dialog/validators';
import { useChannels, usePackageTypes } from './lookups';
import { OfferImageInput } from './OfferImageInput';
import { createPayload, newPackageValues, type PackageFormValues, packageValues, updatePayload } from './packageForm';
import type { Package } from './types';

/** The form's first values: the package's, or a new package's. */
const valuesOf = (record?: Package): PackageFormValues => (record ? packageValues(record) : newPackageValues());

/**
 * 'Crear paquete' / 'Editar paquete': every field of the save payload, checked in the browser
 * as the server checks it. Edits carry the version read (409: someone changed the package; the
 * dialog stays open with the user's input) and are skipped when nothing changed.
 */
export const PackageDialog = ({ record, onClose }: { record?: Package; onClose: () => void }) => {
  const translate = useTranslate();
  const { types, isPending: typesPending } = usePackageTypes();
  const { channels, isPending: channelsPending } = useChannels();
  const [reading, setReading] = useState(false);
  const editing = !!record;
  const code = record?.packageCode;
  const original = useMemo(() => (record ? packageValues(record) : undefined), [record]);

  return (
    <CatalogueDialog
      resource="packages"
      record={record}
      valuesOf={valuesOf}
      onClose={onClose}
      save={{
        alsoRefresh: ['package-configuration', 'package-options'],
        payload: (values) => (record ? updatePayload(values, record) : createPayload(values)),
        success: editing ? 'resources.packages.messages.edited' : 'resources.packages.messages.saved',
        failure: (values) =>
          translate(editing ? 'resources.packages.messages.not_edited' : 'resources.packages.messages.not_saved', {
            code: editing ? code : values.packageCode.trim(),
          }),
        refusedSeverity: 'error',
      }}
      maxWidth="md"
      busy={reading}
    >
      <OrderAutoFill original={original} />
      <IdentitySection editing={editing} types={types} typesPending={typesPending} />
      <Divider sx={{ mb: 2 }} />
      <PriceSection />
      <Divider sx={{ mb: 2 }} />
      <SaleSection channels={channels} channelsPending={channelsPending} />
      <Divider sx={{ mb: 2 }} />
      <OfferSection original={original} />
      <Divider sx={{ mb: 2 }} />
      <OfferImageInput currentUrl={record?.urlImageOffer} onReading={setReading} validate={requiredWhen((value) => !editing && !value)} />
    </CatalogueDialog>
  );
};
