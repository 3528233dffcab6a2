import { Box } from '@mui/material';
import {
  BooleanField,
  DataTable,
  DateField,
  List,
  NullableBooleanInput,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TextField,
  useTranslate,
} from 'react-admin';
import { CompactList } from '../components/CompactList';
import { fittedTable } from '../components/tableStyles';
import { Truncate } from '../components/Truncate';
import { useNarrow } from '../components/useNarrow';
import { LOCALE } from '../i18n/i18nProvider';
import type { User } from './types';

const userFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput key="roleCode" source="roleCode" reference="roles">
    <SelectInput optionText="name" label="resources.users.fields.roleCode" />
  </ReferenceInput>,
  <NullableBooleanInput key="enabled" source="enabled" trueLabel="resources.users.filters.enabled_true" falseLabel="resources.users.filters.enabled_false" />,
];

const RoleName = () => (
  <ReferenceField source="roleCode" reference="roles" link={false}>
    <TextField source="name" />
  </ReferenceField>
);

/**
 * Users of the platform (USERS_ADMIN): search, role and state filters; a row opens the edit form.
 * A narrow screen lists each user with its names, e-mail and role instead of the table.
 */
const UserList = () => {
  const translate = useTranslate();
  const [measured, narrow] = useNarrow<HTMLDivElement>(760);
  return (
    <Box ref={measured}>
      <List filters={userFilters} sort={{ field: 'userName', order: 'ASC' }} perPage={25} exporter={false} sx={{ '& .RaList-main': { minWidth: 0 } }}>
        {narrow ? (
          <CompactList<User>
            rowClick="edit"
            primary={(record) => `${record.names} ${record.surnames}`}
            secondary={(record) => (
              <>
                {record.userName} · {record.email} · <RoleName />
              </>
            )}
            tertiary={(record) => (record.enabled ? '' : translate('resources.users.disabled'))}
          />
        ) : (
          <DataTable rowClick="edit" bulkActionButtons={false} sx={fittedTable}>
            <DataTable.Col source="userName" render={(record: User) => <Truncate text={record.userName} />} />
            <DataTable.Col source="names" render={(record: User) => <Truncate text={record.names} lines={2} />} />
            <DataTable.Col source="surnames" render={(record: User) => <Truncate text={record.surnames} lines={2} />} />
            <DataTable.Col source="email" render={(record: User) => <Truncate text={record.email} />} />
            <DataTable.Col source="roleCode">
              <RoleName />
            </DataTable.Col>
            <DataTable.Col source="enabled" sx={{ width: 112 }}>
              <BooleanField source="enabled" />
            </DataTable.Col>
            <DataTable.Col source="createdAt" sx={{ width: 120 }}>
              <DateField source="createdAt" locales={LOCALE} />
            </DataTable.Col>
          </DataTable>
        )}
      </List>
    </Box>
  );
};

export default UserList;
