/** The choices of a select or radio group whose names are i18n keys: `<prefix>.<id>` for each id, in the order given. */
export const keyedChoices = <T extends string>(prefix: string, ids: readonly T[]) => ids.map((id) => ({ id, name: `${prefix}.${id}` }));
