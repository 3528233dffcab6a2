import { Divider } from '@mui/material';
import { useMemo, useState } from 'react';
import { CatalogueDialog } from '../components/CatalogueDialog';
import type { CatalogueForm } from '../components/useCatalogueDialog';
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

const FORM: CatalogueForm<PackageFormValues, Package> = {
  resource: 'packages',
  valuesOf: (record) => (record ? packageValues(record) : newPackageValues()),
  payloadOf: (values, record) => (record ? updatePayload(values, record) : createPayload(values)),
  alsoRefresh: ['package-configuration', 'package-options'],
  codeOf: (values, record) => record?.packageCode ?? values.packageCode.trim(),
  refusedSeverity: 'error',
};

/**
 * 'Crear paquete' / 'Editar paquete': every field of the save payload, checked in the browser
 * as the server checks it. Edits carry the version read (409: someone changed the package; the
 * dialog stays open with the user's input) and are skipped when nothing changed.
 */
export const PackageDialog = ({ record, onClose }: { record?: Package; onClose: () => void }) => {
  const { types, isPending: typesPending } = usePackageTypes();
  const { channels, isPending: channelsPending } = useChannels();
  const [reading, setReading] = useState(false);
  const editing = !!record;
  const original = useMemo(() => (record ? packageValues(record) : undefined), [record]);

  return (
    <CatalogueDialog form={FORM} record={record} onClose={onClose} maxWidth="md" busy={reading}>
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
