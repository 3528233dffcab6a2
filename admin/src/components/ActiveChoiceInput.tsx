import { type RaRecord, required, SelectInput, useGetList } from 'react-admin';

/**
 * A required select over another catalogue's records, sorted by the text it shows: the active ones
 * (idstate 0), and the one already chosen even when it has been deactivated since.
 */
export function ActiveChoiceInput<T extends RaRecord & { idstate: number }>({
  source,
  reference,
  optionText,
  chosen,
}: {
  source: string;
  /** The resource the choices come from (at most 500 records). */
  reference: string;
  optionText: keyof T & string;
  /** The id the record being edited holds. */
  chosen?: T['id'];
}) {
  const { data = [], isPending } = useGetList<T>(
    reference,
    { pagination: { page: 1, perPage: 500 }, sort: { field: optionText, order: 'ASC' } },
    { staleTime: 60_000 },
  );
  return (
    <SelectInput
      source={source}
      choices={data.filter((choice) => choice.idstate === 0 || choice.id === chosen)}
      optionText={optionText}
      isPending={isPending}
      validate={required()}
      fullWidth
    />
  );
}
