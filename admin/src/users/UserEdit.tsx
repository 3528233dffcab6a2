import { Alert, Typography } from '@mui/material';
import {
  BooleanInput,
  DateField,
  Edit,
  Labeled,
  ReferenceInput,
  required,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextField,
  Toolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { LOCALE } from '../i18n/i18nProvider';
import type { User } from './types';

const UserTitle = () => {
  const record = useRecordContext<User>();
  const translate = useTranslate();
  return (
    <>
      {translate('resources.users.name', { smart_count: 1 })} {record ? `${record.names} ${record.surnames}` : ''}
    </>
  );
};

/** Only saving: the API has no user deletion (a user is disabled instead). */
const UserEditToolbar = () => (
  <Toolbar>
    <SaveButton />
  </Toolbar>
);

/**
 * Enable, disable or change the role of a user. Saved with the version that was read (409 when
 * someone else changed the user meanwhile); disabling ends the user's sessions on the server.
 */
/** The account's read-only fields, in the order shown. */
const ACCOUNT_FIELDS = ['userName', 'names', 'surnames', 'email'] as const;

const UserEdit = () => {
  const translate = useTranslate();
  return (
    <Edit title={<UserTitle />} mutationMode="pessimistic" redirect="list">
      <SimpleForm toolbar={<UserEditToolbar />} sx={{ maxWidth: 640 }}>
        <Typography variant="subtitle1" component="h2">
          {translate('resources.users.edit.account')}
        </Typography>
        {ACCOUNT_FIELDS.map((source) => (
          <Labeled key={source}>
            <TextField source={source} />
          </Labeled>
        ))}
        <Labeled>
          <DateField source="updatedAt" showTime locales={LOCALE} />
        </Labeled>
        <Typography variant="subtitle1" component="h2" sx={{ mt: 2 }}>
          {translate('resources.users.edit.access')}
        </Typography>
        <ReferenceInput source="roleCode" reference="roles">
          <SelectInput optionText="name" validate={required()} label="resources.users.fields.roleCode" />
        </ReferenceInput>
        <BooleanInput source="enabled" />
        <Alert severity="info" role="note" sx={{ mt: 1 }}>
          {translate('resources.users.edit.disable_warning')}
        </Alert>
      </SimpleForm>
    </Edit>
  );
};

export default UserEdit;
