import { Box } from '@mui/material';

/** A step's label: on phones only the active step's label is shown (the numbers stay). */
export const StepTitle = ({ text, active }: { text: string; active: boolean }) => (
  <Box component="span" sx={{ display: { xs: active ? 'inline' : 'none', sm: 'inline' } }}>
    {text}
  </Box>
);
