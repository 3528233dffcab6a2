import CloseIcon from '@mui/icons-material/Close';
import SaveIcon from '@mui/icons-material/Save';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  LinearProgress,
  type Breakpoint,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { type ReactNode, useId } from 'react';
import { Form, type RaRecord, useTranslate, type ValidateForm } from 'react-admin';
import { type FieldValues, useFormState, useWatch } from 'react-hook-form';

/** Errors by field, as react-admin's Form sets them after a failed submit. */
export type SubmitErrors = Record<string, string> | undefined;

const SubmitButton = ({ label, busy, ready }: { label: string; busy: boolean; ready?: (values: FieldValues) => boolean }) => {
  const translate = useTranslate();
  const { isDirty, isSubmitting } = useFormState();
  const values = useWatch();
  const saving = isSubmitting || busy;
  return (
    <Button
      type="submit"
      variant="contained"
      disabled={!isDirty || saving || (ready ? !ready(values) : false)}
      startIcon={saving ? <CircularProgress size={16} color="inherit" /> : <SaveIcon />}
    >
      {translate(label)}
    </Button>
  );
};

const SavingBar = ({ busy }: { busy: boolean }) => {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  return isSubmitting || busy ? (
    <LinearProgress aria-label={translate('app.catalogue.saving')} sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />
  ) : null;
};

/**
 * A create or edit dialog around react-admin's Form: title, close button, content that scrolls,
 * 'Cancelar' and a save button that is enabled only after a change and disabled while saving.
 * `onSubmit` returns the errors to show by field (react-admin sets them on the inputs). Escape
 * and the backdrop close it unless it is saving; focus stays inside while it is open (MUI).
 */
export function FormDialog<T extends FieldValues>({
  open,
  title,
  record,
  onClose,
  onSubmit,
  validate,
  children,
  maxWidth = 'sm',
  saveLabel = 'ra.action.save',
  busy = false,
  failure,
  ready,
  testId,
}: {
  open: boolean;
  title: string;
  record: Partial<RaRecord> & T;
  onClose: () => void;
  onSubmit: (values: T) => Promise<SubmitErrors>;
  validate?: ValidateForm;
  children: ReactNode;
  maxWidth?: Breakpoint;
  saveLabel?: string;
  /** Something else is in progress (an upload being read): saving waits. */
  busy?: boolean;
  /**
   * Why the last save failed, shown at the top of the dialog too: notifications outside a modal
   * dialog are hidden from assistive technology while it is open.
   */
  failure?: string;
  /** When given, saving is also disabled until it holds (forms whose spec disables saving while a rule fails). */
  ready?: (values: T) => boolean;
  testId?: string;
}) {
  const translate = useTranslate();
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={open}
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick') onClose();
      }}
      fullWidth
      maxWidth={maxWidth}
      fullScreen={fullScreen}
      aria-labelledby={titleId}
      data-testid={testId}
      // The form fills the dialog: its content scrolls, the title and the buttons stay in view.
      slotProps={{ paper: { sx: { '& > form': { display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 } } } }}
    >
      <Form<T> record={record} onSubmit={(values: FieldValues) => onSubmit(values as T)} validate={validate} mode="onBlur" reValidateMode="onChange">
        <SavingBar busy={busy} />
        <DialogTitle id={titleId} sx={{ pr: 6 }}>
          {title}
        </DialogTitle>
        <IconButton aria-label={translate('ra.action.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
        <DialogContent dividers>
          {failure && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          )}
          {children}
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <SubmitButton label={saveLabel} busy={busy} ready={ready as ((values: FieldValues) => boolean) | undefined} />
        </DialogActions>
      </Form>
    </Dialog>
  );
}
