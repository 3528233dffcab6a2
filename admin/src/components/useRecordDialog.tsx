import { type ComponentType, Suspense, useState } from 'react';
import { DialogLoading } from './DialogLoading';

/** The props of a create or edit dialog: the record being edited (absent to create) and how it closes. */
export interface RecordDialogProps<R> {
  record?: R;
  onClose: () => void;
}

/**
 * A list's create and edit dialog: `create()` and `edit(record)` open it, `element` is what the
 * list renders (nothing while closed). Give it a `lazy` dialog: its code loads when it first
 * opens, with a backdrop meanwhile.
 */
export function useRecordDialog<R>(Dialog: ComponentType<RecordDialogProps<R>>) {
  const [open, setOpen] = useState<{ record?: R }>();
  return {
    create: () => setOpen({}),
    edit: (record: R) => setOpen({ record }),
    element: open && (
      <Suspense fallback={<DialogLoading />}>
        <Dialog record={open.record} onClose={() => setOpen(undefined)} />
      </Suspense>
    ),
  };
}
