import { Chip, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { PartnerPrivilege } from './types';

/** The privileges of a client as short chips ('Leer saldos', 'Registrar consumos'). */
export const PrivilegeChips = ({ privileges }: { privileges: readonly PartnerPrivilege[] }) => {
  const translate = useTranslate();
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {privileges.map((p) => (
        <Chip key={p} size="small" variant="outlined" label={translate(`resources.api-clients.privileges.${p}`)} />
      ))}
    </Stack>
  );
};
