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
} from 'react-admin';
import { LOCALE } from '../i18n/i18nProvider';

const userFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput key="roleCode" source="roleCode" reference="roles">
    <SelectInput optionText="name" label="resources.users.fields.roleCode" />
  </ReferenceInput>,
  <NullableBooleanInput key="enabled" source="enabled" trueLabel="resources.users.filters.enabled_true" falseLabel="resources.users.filters.enabled_false" />,
];

/** Users of the platform (USERS_ADMIN): search, role and state filters; a row opens the edit form. */
const UserList = () => (
  <List filters={userFilters} sort={{ field: 'userName', order: 'ASC' }} perPage={25} exporter={false}>
    <DataTable rowClick="edit" bulkActionButtons={false}>
      <DataTable.Col source="userName" />
      <DataTable.Col source="names" />
      <DataTable.Col source="surnames" />
      <DataTable.Col source="email" />
      <DataTable.Col source="roleCode">
        <ReferenceField source="roleCode" reference="roles" link={false}>
          <TextField source="name" />
        </ReferenceField>
      </DataTable.Col>
      <DataTable.Col source="enabled">
        <BooleanField source="enabled" />
      </DataTable.Col>
      <DataTable.Col source="createdAt">
        <DateField source="createdAt" locales={LOCALE} />
      </DataTable.Col>
    </DataTable>
  </List>
);

export default UserList;
