import { CheckboxGroupInput, Create, required, SelectInput, SimpleForm, useRedirect, useTranslate, type Validator } from 'react-admin';
import { LimitedTextInput } from '../components/LimitedTextInput';
import { showCreatedSecret, useCreatedSecret } from './createdSecret';
import { SecretDialog } from './SecretDialog';
import { PARTNER_PRIVILEGES, type ApiClientCreated } from './types';
import { useBrandChoices } from './useBrandChoices';

export const CLIENT_NAME_MAX = 100;

const atLeastOne: Validator = (value: unknown) => (Array.isArray(value) && value.length > 0 ? undefined : 'resources.api-clients.privileges_required');

/**
 * 'Nuevo cliente API': who uses it, its brand and what it may do. On success the secret is shown
 * once (SecretDialog); closing it goes back to the list.
 */
const ApiClientCreate = () => {
  const translate = useTranslate();
  const redirect = useRedirect();
  const { choices, isPending } = useBrandChoices();
  const created = useCreatedSecret();
  const privileges = PARTNER_PRIVILEGES.map((id) => ({ id, name: translate(`resources.api-clients.privileges_long.${id}`) }));
  return (
    <>
      <Create
        title="resources.api-clients.create"
        redirect={false}
        mutationOptions={{ onSuccess: (data: ApiClientCreated) => showCreatedSecret(data) }}
        sx={{ maxWidth: 640 }}
      >
        <SimpleForm defaultValues={{ privileges: ['BALANCES_READ'] }}>
          <LimitedTextInput source="name" max={CLIENT_NAME_MAX} required fullWidth autoFocus helperText="resources.api-clients.name_help" />
          <SelectInput source="appName" choices={choices} isPending={isPending} validate={required()} fullWidth helperText="resources.api-clients.brand_help" />
          <CheckboxGroupInput source="privileges" choices={privileges} validate={atLeastOne} row={false} />
        </SimpleForm>
      </Create>
      {created && (
        <SecretDialog
          client={created}
          onClose={() => {
            showCreatedSecret(undefined);
            redirect('list', 'api-clients');
          }}
        />
      )}
    </>
  );
};

export default ApiClientCreate;
