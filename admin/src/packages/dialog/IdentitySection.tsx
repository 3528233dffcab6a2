import { maxLength, regex, required, SelectInput, TextInput, useTranslate } from 'react-admin';
import { Columns, Section } from '../../components/DialogSection';
import { CODE_MAX, DESCRIPTION_MAX, MESSAGES, NAME_MAX } from '../packageForm';
import { type PackageType, RELEVANCES } from '../types';

/** Code (fixed once created), name, type, relevance and description. */
export const IdentitySection = ({ editing, types, typesPending }: { editing: boolean; types: PackageType[]; typesPending: boolean }) => {
  const translate = useTranslate();
  return (
    <Section title={translate('resources.packages.sections.identity')}>
      <Columns>
        <TextInput
          source="packageCode"
          label="resources.packages.fields.packageCode"
          validate={[required(), maxLength(CODE_MAX), regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, MESSAGES.code)]}
          disabled={editing}
          slotProps={{ htmlInput: { maxLength: CODE_MAX } }}
          autoFocus={!editing}
        />
        <TextInput
          source="packageName"
          label="resources.packages.fields.packageName"
          validate={[required(), maxLength(NAME_MAX)]}
          slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
          autoFocus={editing}
        />
        <SelectInput
          source="packageTypeId"
          label="resources.packages.fields.packageTypeId"
          choices={types}
          isPending={typesPending}
          optionText="packageTypeName"
          validate={required()}
        />
        <SelectInput
          source="relevance"
          label="resources.packages.fields.relevance"
          choices={RELEVANCES.map((id) => ({ id, name: id }))}
          validate={required()}
        />
      </Columns>
      <TextInput
        source="packageDescription"
        label="resources.packages.fields.packageDescription"
        validate={[required(), maxLength(DESCRIPTION_MAX)]}
        slotProps={{ htmlInput: { maxLength: DESCRIPTION_MAX } }}
        multiline
        minRows={2}
        fullWidth
      />
    </Section>
  );
};
