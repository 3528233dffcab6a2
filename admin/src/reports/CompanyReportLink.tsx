import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, Button, MenuItem, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useDocumentTypes } from './reportApi';
import { companyReportUrl, openReport } from './reportTypes';

/**
 * From the general consumption report, a company's 'Reporte de consumo' in a new tab: its
 * document type and number (and the feature searched, as the address's claimCreate).
 */
export const CompanyReportLink = ({ featureCode }: { featureCode?: string }) => {
  const translate = useTranslate();
  const label = (key: string) => translate(`resources.reports.company.${key}`);
  const documentTypes = useDocumentTypes();
  const [documentType, setDocumentType] = useState<number | ''>('');
  const [documentNumber, setDocumentNumber] = useState('');
  const number = documentNumber.trim();
  const ready = documentType !== '' && /^\S{1,20}$/.test(number);
  return (
    <Box
      component="form"
      aria-label={label('open_title')}
      data-testid="company-report-link"
      onSubmit={(event) => {
        event.preventDefault();
        if (ready) openReport(companyReportUrl(documentType, number, featureCode));
      }}
      sx={{ mt: 2, pt: 2, borderTop: 1, borderColor: 'divider' }}
    >
      <Typography variant="subtitle2" component="h2">
        {label('open_title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {label('open_hint')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr)) auto' },
          columnGap: 2,
          rowGap: 1,
          alignItems: 'center',
        }}
      >
        <TextField
          select
          size="small"
          label={translate('resources.reports.fields.documentType')}
          value={documentType}
          onChange={(event) => setDocumentType(event.target.value === '' ? '' : Number(event.target.value))}
        >
          {(documentTypes.data ?? []).map((type) => (
            <MenuItem key={type.id} value={type.id}>
              {`${type.code} - ${type.name}`}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label={translate('resources.reports.fields.documentNumber')}
          value={documentNumber}
          onChange={(event) => setDocumentNumber(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 20 } }}
        />
        <Button type="submit" variant="outlined" startIcon={<OpenInNewIcon />} disabled={!ready} sx={{ justifySelf: 'start' }}>
          {label('open')}
        </Button>
      </Box>
    </Box>
  );
};
