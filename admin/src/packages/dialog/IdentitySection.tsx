import { regex, required, SelectInput } from 'react-admin';
import { LimitedTextInput } from '../../components/LimitedTextInput';
import { Columns, Section } from '../../components/DialogSection';
import { CODE_MAX, DESCRIPTION_MAX, MESSAGES, NAME_MAX } from '../packageForm';
import { type PackageType, RELEVANCES } from '../types';

/** Code (fixed once created), name, type, relevance and description. */
export const IdentitySection = ({ editing, types, typesPending }: { editing: boolean; types: PackageType[]; typesPending: boolean }) => {
  return (
    <Section name="identity">
      <Columns>
        <LimitedTextInput
          source="packageCode"
          max={CODE_MAX}
          required
          validate={[regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, MESSAGES.code)]}
          disabled={editing}
          autoFocus={!editing}
        />
        <LimitedTextInput source="packageName" max={NAME_MAX} required autoFocus={editing} />
        <SelectInput source="packageTypeId" choices={types} isPending={typesPending} optionText="packageTypeName" validate={required()} />
        <SelectInput source="relevance" choices={RELEVANCES.map((id) => ({ id, name: id }))} validate={required()} />
      </Columns>
      <LimitedTextInput source="packageDescription" max={DESCRIPTION_MAX} required multiline minRows={2} fullWidth />
    </Section>
  );
};
