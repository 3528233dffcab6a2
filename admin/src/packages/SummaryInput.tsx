import { Box, Typography } from '@mui/material';
import { ClearButtons, FormatButtons, LevelSelect, ListButtons, RichTextInput, type RichTextInputProps, RichTextInputToolbar } from 'ra-input-rich-text';
import { useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { MESSAGES, type PackageFormValues, SUMMARY_MAX, summaryLength } from './packageForm';
import { SUMMARY_EDITOR_OPTIONS } from './summaryEditor';

/** The rich summary with its counter of visible characters (250 at most). */
const SummaryInput = () => {
  const translate = useTranslate();
  const html = useWatch<PackageFormValues, 'summaryHtml'>({ name: 'summaryHtml' });
  const length = summaryLength(html);
  return (
    <Box>
      <RichTextInput
        source="summaryHtml"
        label="resources.packages.fields.summaryHtml"
        // Only the formatting the server keeps (no links, images, colours or alignment).
        // The lock file nests an older @tiptap/core under ra-input-rich-text; Vite dedupes it to the
        // hoisted one at run time (vite.config.ts), so only the declared types differ.
        editorOptions={SUMMARY_EDITOR_OPTIONS as RichTextInputProps['editorOptions']}
        toolbar={
          <RichTextInputToolbar size="small">
            <LevelSelect size="small" />
            <FormatButtons size="small" />
            <ListButtons size="small" />
            <ClearButtons size="small" />
          </RichTextInputToolbar>
        }
        validate={(value: string) => (summaryLength(value) > SUMMARY_MAX ? MESSAGES.summaryTooLong : undefined)}
        helperText={false}
        fullWidth
      />
      <Typography variant="caption" color={length > SUMMARY_MAX ? 'error' : 'text.secondary'} data-testid="summary-counter" aria-live="polite">
        {translate('resources.packages.help.summary_counter', { count: length, max: SUMMARY_MAX })}
      </Typography>
    </Box>
  );
};

export default SummaryInput;
