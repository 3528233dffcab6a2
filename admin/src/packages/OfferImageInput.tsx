import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Button, FormHelperText, LinearProgress, Link, Stack, Typography } from '@mui/material';
import { useId, useRef, useState } from 'react';
import { useInput, useTranslate, ValidationError, type Validator } from 'react-admin';
import { UPLOAD_ACCEPT } from '@licencias/common/rules';
import { type OfferImage, readOfferImage } from './offerImage';
import { useStoredFile } from './useStoredFile';

/**
 * The offer image of the package dialog: a file button (jpg, jpeg, png, gif or pdf, 2 MB at most,
 * checked by name and content like the server), a progress bar while the file is read, and a
 * preview of the new file or of the stored one (`currentUrl`).
 */
export const OfferImageInput = ({
  currentUrl,
  validate,
  onReading,
}: {
  currentUrl?: string | null;
  validate?: Validator;
  onReading: (reading: boolean) => void;
}) => {
  const translate = useTranslate();
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | undefined>();
  const {
    field,
    fieldState: { error, invalid },
    isRequired,
  } = useInput<OfferImage | null>({ source: 'image', validate });
  const chosen = field.value;
  // Read with the session: the image of a private or inactive package is not public.
  const stored = useStoredFile(chosen ? undefined : currentUrl);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setProblem(undefined);
    setProgress(0);
    onReading(true);
    try {
      field.onChange(await readOfferImage(file, setProgress));
    } catch (reason) {
      setProblem(reason instanceof Error ? reason.message : String(reason));
    } finally {
      setProgress(null);
      onReading(false);
      field.onBlur();
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const message = problem ?? (invalid ? error?.message : undefined);
  const label = translate('resources.packages.fields.image');
  return (
    <Box>
      <Typography variant="body2" component="label" htmlFor={inputId} sx={{ display: 'block', mb: 1 }}>
        {label}
        {isRequired ? ' *' : ''}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Button variant="outlined" component="label" startIcon={<UploadFileIcon />} disabled={progress !== null}>
          {translate(chosen || currentUrl ? 'resources.packages.image.replace' : 'resources.packages.image.choose')}
          <input
            id={inputId}
            ref={fileInput}
            type="file"
            hidden
            accept={UPLOAD_ACCEPT}
            data-testid="offer-image-input"
            onChange={(event) => void choose(event.target.files?.[0])}
          />
        </Button>
        <Typography variant="caption" color="text.secondary">
          {translate('resources.packages.image.rules')}
        </Typography>
      </Stack>
      {progress !== null && (
        <Box sx={{ mt: 1 }}>
          <LinearProgress variant="determinate" value={progress} aria-label={translate('resources.packages.image.reading')} />
        </Box>
      )}
      {message && (
        <FormHelperText error role="alert">
          {/* react-admin keeps a rule's message encoded for translation ('@@react-admin@@"…"'). */}
          <ValidationError error={message} />
        </FormHelperText>
      )}
      <Box sx={{ mt: 1 }} data-testid="offer-image-preview">
        {chosen ? (
          chosen.contentType === 'application/pdf' ? (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <PictureAsPdfIcon color="error" />
              <Typography variant="body2">{chosen.fileName}</Typography>
            </Stack>
          ) : (
            <Box
              component="img"
              src={chosen.previewUrl}
              alt={translate('resources.packages.image.preview', { name: chosen.fileName })}
              sx={{ maxHeight: 140, maxWidth: '100%', borderRadius: 1, border: 1, borderColor: 'divider' }}
            />
          )
        ) : stored?.contentType === 'application/pdf' ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <PictureAsPdfIcon color="error" />
            <Link href={stored.url} download="oferta.pdf" variant="body2">
              {translate('resources.packages.image.current_pdf')}
            </Link>
          </Stack>
        ) : stored ? (
          <Box
            component="img"
            src={stored.url}
            alt={translate('resources.packages.image.current')}
            sx={{ maxHeight: 140, maxWidth: '100%', borderRadius: 1, border: 1, borderColor: 'divider' }}
          />
        ) : null}
      </Box>
    </Box>
  );
};
